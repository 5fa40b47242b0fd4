/**
 * Export benchmark: time to build the interchange document (and validate it)
 * and the markdown document for every service of a synthetic catalogue sized
 * like the real clouds (REALISTIC_PROVIDER_SIZES), median and p99 over many
 * runs. Target: under 20 ms each. Called by the bench runner (`npm run bench`).
 */
import { renderMarkdown } from '../../src/core/markdown.ts';
import { REALISTIC_PROVIDER_SIZES, syntheticCatalogue } from '../helpers/synthetic-catalogue.ts';
import { percentile } from './stats.ts';
import { exportServiceList, serviceListSchemaUrl, validateServiceList } from '../../src/core/service-list.ts';

const RUNS = 200;
const WARMUP = 20;
const TARGET_MS = 20;

function measure(run: () => unknown): { median: number; p99: number } {
  for (let i = 0; i < WARMUP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99) };
}

export async function bench(): Promise<{ title: string; markdown: string }> {
  const catalogue = syntheticCatalogue({ ...REALISTIC_PROVIDER_SIZES, seed: 42 });
  const ids = catalogue.services.map((s) => s.id);
  const schemaUrl = serviceListSchemaUrl('https://catalogue.example.org');
  const options = { today: '2026-05-15', schemaUrl };
  const doc = exportServiceList(catalogue, ids, { name: 'Benchmark' }, options);
  if (!validateServiceList(doc, schemaUrl).valid) throw new Error('the exported document does not validate');
  const cases: [string, () => unknown][] = [
    ['Interchange export (exportServiceList)', () => exportServiceList(catalogue, ids, { name: 'Benchmark' }, options)],
    ['Interchange validation (validateServiceList)', () => validateServiceList(doc, schemaUrl)],
    [
      'Markdown export (renderMarkdown)',
      () => renderMarkdown(catalogue, { name: 'Benchmark', approvedServiceIds: ids }, { today: '2026-05-15' }),
    ],
  ];
  const rows = cases.map(([label, run]) => {
    const { median, p99 } = measure(run);
    const verdict = median < TARGET_MS ? 'median within target' : `median over the ${TARGET_MS} ms target`;
    return `| ${label} | ${ids.length} | ${median.toFixed(3)} | ${p99.toFixed(3)} | ${verdict} |`;
  });
  const markdown = [
    `Pure core, no HTTP, ${RUNS} runs after ${WARMUP} warm-up runs, every service of a synthetic ` +
      `catalogue of ${REALISTIC_PROVIDER_SIZES.aws} AWS, ${REALISTIC_PROVIDER_SIZES.azure} Azure and ` +
      `${REALISTIC_PROVIDER_SIZES.gcp} Google Cloud services. Target: under ${TARGET_MS} ms (median) ` +
      `for all services.`,
    '',
    '| Operation | Services | Median (ms) | p99 (ms) | |',
    '|---|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
  return { title: 'Interchange and markdown export', markdown };
}
