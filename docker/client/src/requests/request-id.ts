// Request ids as the plume build checks them: `Uuid::parse_str` of the uuid 1.x crate
// (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 :
// nightfall_client/src/drivers/rest/client_nf_3.rs:140-142). Any version is accepted, in the four textual forms that
// crate parses; the raw string (not a normalised form) is what the client stores, echoes and later looks up, exactly
// like the real one.

const HEX = /^[0-9a-fA-F]+$/;
const HYPHEN_POSITIONS = [8, 13, 18, 23];

function isHyphenated(s: string): boolean {
  if (s.length !== 36) return false;
  for (const i of HYPHEN_POSITIONS) if (s[i] !== '-') return false;
  return HEX.test(s.replaceAll('-', '')) && s.replaceAll('-', '').length === 32;
}

/**
 * Whether `Uuid::parse_str` accepts `s`: 32 hex digits ("simple"), the hyphenated 8-4-4-4-12 form, that form in braces,
 * or `urn:uuid:` + that form (prefix in lower case). Hex digits in any case.
 */
export function isParsableUuid(s: string): boolean {
  switch (s.length) {
    case 32:
      return HEX.test(s);
    case 36:
      return isHyphenated(s);
    case 38:
      return s.startsWith('{') && s.endsWith('}') && isHyphenated(s.slice(1, -1));
    case 45:
      return s.startsWith('urn:uuid:') && isHyphenated(s.slice(9));
    default:
      return false;
  }
}
