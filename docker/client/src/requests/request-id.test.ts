import { describe, expect, it } from 'vitest';
import { isParsableUuid } from './request-id';

describe('isParsableUuid (uuid crate parse_str)', () => {
  const hyphenated = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
  it.each([
    ['hyphenated v4', hyphenated],
    ['upper case', hyphenated.toUpperCase()],
    ['simple form', hyphenated.replaceAll('-', '')],
    ['braced', `{${hyphenated}}`],
    ['urn', `urn:uuid:${hyphenated}`],
    ['a non-v4 version (v1)', '6f1c2a3b-4d5e-1f60-8a7b-9c0d1e2f3a4b'],
    ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ])('accepts %s', (_name, id) => expect(isParsableUuid(id)).toBe(true));

  it.each([
    ['empty (missing header)', ''],
    ['not hex', 'zzzzzzzz-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
    ['hyphen misplaced', '6f1c2a3b4-d5e-4f60-8a7b-9c0d1e2f3a4b'],
    ['too short', hyphenated.slice(0, 35)],
    ['surrounding spaces', ` ${hyphenated} `],
    ['upper-case URN prefix', `URN:UUID:${hyphenated}`],
    ['braced simple form', `{${hyphenated.replaceAll('-', '')}}`],
    ['a plain word', 'request-1'],
  ])('rejects %s', (_name, id) => expect(isParsableUuid(id)).toBe(false));
});
