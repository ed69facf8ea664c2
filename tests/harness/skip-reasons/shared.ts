/** The reason ./skips.spec.ts skips with, and the parent test looks for in every report. */
export const WRITTEN_REASON = 'the stand-in target has no ERC-721 contract under test';

/** The reason ./needs.spec.ts's missing need gives, which every skipped test of it must carry. */
export const MISSING_NEED = 'the stand-in target owns no service a fault could be injected into';

/** The file ./needs.spec.ts writes in the run's directory when the tear-down of its applying scenario ran. */
export const TORN_DOWN = 'torn-down';
