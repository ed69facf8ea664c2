/** The reason ./skips.spec.ts skips with, and the parent test looks for in every report. */
export const WRITTEN_REASON = 'the stand-in target has no ERC-721 contract under test';
