/**
 * RFC 8941 structured-field lists for the headers that name service ids
 * beside a response body (X-Policy-Omitted, X-Unknown-Services). Header values
 * are bounded: past `max` characters the list stops and the caller says so.
 */

/** An RFC 8941 string item, or undefined when the text cannot be one (only printable ASCII can). */
export const sfString = (text: string): string | undefined =>
  /^[\x20-\x7e]*$/.test(text) ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : undefined;

/** The members joined as a list of at most `max` characters, in order, and how many fitted. */
export function cappedList(members: readonly string[], max: number): { value: string; listed: number } {
  const kept: string[] = [];
  let length = 0;
  for (const member of members) {
    if (length + member.length + 2 > max) break;
    kept.push(member);
    length += member.length + 2;
  }
  return { value: kept.join(', '), listed: kept.length };
}
