/**
 * Original artwork for service icons: a rounded tile in the category's colour
 * with a two-letter monogram of the service's short name. No vendor logos.
 */
import type { ServiceEntry } from './schemas.ts';

const vendorPrefix = /^(Amazon|AWS|Azure|Microsoft|Google Cloud|Google|Cloud)\s+/i;

/** Up to two letters: initials of the first two words, or the first two letters of a single word. */
export function monogram(shortName: string): string {
  let name = shortName.replace(/\(.*?\)/g, ' ').trim();
  while (vendorPrefix.test(name)) name = name.replace(vendorPrefix, '');
  const words = name.split(/[\s\-/]+/).filter((w) => /[A-Za-z0-9]/.test(w));
  if (words.length === 0) return '?';
  const letters = (w: string) => w.replace(/[^A-Za-z0-9]/g, '');
  const first = letters(words[0]!);
  // Acronyms and single words keep their own first two letters (EC2 -> EC, S3 -> S3).
  const mark =
    words.length === 1 || /^[A-Z0-9]{2,}$/.test(first) ? first.slice(0, 2) : first[0]! + letters(words[1]!)[0]!;
  return mark.charAt(0).toUpperCase() + mark.slice(1);
}

/** An evenly spread hue per category, in category order. */
export const categoryHue = (index: number, count: number): number =>
  Math.round((index * 360) / Math.max(1, count)) % 360;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function serviceIconSvg(service: Pick<ServiceEntry, 'shortName' | 'name'>, hue: number): string {
  const text = escapeXml(monogram(service.shortName));
  // Lightness 32% keeps white text above 4.5:1 contrast for every hue.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(service.name)}">` +
    `<rect width="64" height="64" rx="14" fill="hsl(${hue} 55% 32%)"/>` +
    '<text x="32" y="41" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" ' +
    `font-size="24" font-weight="700" fill="#fff">${text}</text>` +
    `</svg>\n`
  );
}
