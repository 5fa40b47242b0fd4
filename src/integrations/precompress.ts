/**
 * Writes a gzipped copy (`<file>.gz`) beside every prerendered text file of
 * 1 KiB or more in dist/client, at build time, so serving never compresses:
 * the static layer of `npm start` (src/server/static.ts) sends the `.gz` to
 * clients that accept gzip, and static hosts that understand precompressed
 * files can do the same.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { contentTypeFor } from '../http/protocol.ts';

/** Compressing these pays; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;
export const MIN_COMPRESS_BYTES = 1024;

export const isCompressible = (urlPath: string, size: number): boolean =>
  size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(contentTypeFor(urlPath));

export function precompressDir(root: string): number {
  let written = 0;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.gz')) continue;
    const file = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(root, file).split(sep).join('/')}`;
    const body = readFileSync(file);
    if (!isCompressible(urlPath, body.length)) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    written++;
  }
  return written;
}

export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        logger.info(`gzipped ${precompressDir(fileURLToPath(dir))} files`);
      },
    },
  };
}
