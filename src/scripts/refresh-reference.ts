/**
 * `npm run reference:refresh -- <download-dir>`: rebuilds the vendor reference
 * files in content/reference (or REFERENCE_DIR) from the files a maintainer
 * downloaded into <download-dir>; see content/reference/README.md, "Refreshing".
 * Prints what changed; then run `npm run catalogue:report` to see what the
 * catalogue must follow.
 */
import { existsSync } from 'node:fs';
import { referenceDir } from './lib/reference.ts';
import { DOWNLOADS, refreshReference } from './lib/refresh-reference.ts';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(
    `Usage: npm run reference:refresh -- <download-dir>\nThe directory holds any of: ${Object.values(DOWNLOADS).join(', ')}.`,
  );
  process.exit(2);
}
try {
  const changes = refreshReference(dir, referenceDir());
  if (!changes.length) console.log(`Nothing to do: ${dir} holds none of ${Object.values(DOWNLOADS).join(', ')}.`);
  for (const c of changes) {
    console.log(
      `${c.file}: ${c.added.length} added, ${c.removed.length} removed${c.keptMissing.length ? `, ${c.keptMissing.length} kept though missing from the download` : ''}`,
    );
    if (c.added.length) console.log(`  added: ${c.added.join(', ')}`);
    if (c.removed.length) console.log(`  removed: ${c.removed.join(', ')}`);
    if (c.keptMissing.length) console.log(`  kept, missing from the download: ${c.keptMissing.join(', ')}`);
  }
  if (changes.length)
    console.log(
      `Update the row counts and snapshot dates in ${referenceDir()}/README.md, then run npm run catalogue:report.`,
    );
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
