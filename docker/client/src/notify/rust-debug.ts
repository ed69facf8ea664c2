// Rust's `Debug` rendering of a string (`{:?}`), used where the real client logs a payload with `{response:?}`:
// quotes around, `"` and `\` escaped, control characters as \n, \r, \t, \0 or \u{..}; other characters as they are.
export function rustDebugString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}
