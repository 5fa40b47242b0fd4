/**
 * The list buttons of the action bar (`data-export`): the interchange JSON is
 * built in the browser; markdown and the share link come from the API. Each
 * says what it did in one line in the bar and in full below it.
 */
import { fileStem } from '../../list-state.ts';
import { humanDate, plural } from '../../format.ts';
import { el, detailNotice, notice } from '../dom.ts';
import { download, request } from '../http.ts';
import { onListChange, readList } from '../store.ts';
import { prepareList, whileBusy, type BuilderPage, type PreparedList } from './context.ts';

/**
 * What the exports share on the page: the id of the list last saved, while the list is as it was saved, which an
 * exported file names as its `catalogListId` (the format's link back to the shared list).
 */
interface SavedLink {
  id(): string | undefined;
  /** The list was saved as `state` (the list as it was sent, not as it may be by the time the answer comes). */
  remember(id: string, state: PreparedList['state']): void;
}

/** Does the export, writes the result into `out`, and answers the one line the bar shows. */
type Exporter = (ready: PreparedList, out: HTMLElement, saved: SavedLink) => Promise<string>;

const exporters: Record<string, Exporter> = {
  interchange: downloadInterchange,
  markdown: downloadMarkdown,
  save: saveForShareLink,
};

export function startDownloads(page: BuilderPage): void {
  const out = page.find('[data-export-result]');
  const status = page.find('[data-bar-status]');
  // What the result below was made for: a link saved before the list changed still opens the list as it was then.
  let madeFor: string | undefined;
  const keyOf = () => JSON.stringify(readList());
  let savedAs: { key: string; id: string } | undefined;
  const saved: SavedLink = {
    id: () => (savedAs?.key === keyOf() ? savedAs.id : undefined),
    remember: (id, state) => (savedAs = { key: JSON.stringify(state), id }),
  };
  for (const button of page.root.querySelectorAll<HTMLButtonElement>('button[data-export]')) {
    const exporter = exporters[button.dataset.export ?? ''];
    if (!exporter) continue;
    button.addEventListener('click', () =>
      whileBusy(button, async () => {
        const ready = await prepareList(out);
        const line = ready ? await exporter(ready, out, saved) : 'Nothing to export.';
        madeFor = ready ? keyOf() : undefined;
        status.replaceChildren(line, ' ', el('a', { href: '#export-result' }, 'Details'));
      }),
    );
  }
  onListChange(() => {
    if (madeFor === undefined || madeFor === keyOf()) return;
    madeFor = undefined;
    out.prepend(
      detailNotice(
        'warn',
        'Your list has changed since this was made: what is below is the list as it was then. ' +
          'Save or export again for the list as it is now.',
      ),
    );
  });
}

async function downloadInterchange(
  { catalogue, knownIds, leftOut, body }: PreparedList,
  out: HTMLElement,
  saved: SavedLink,
) {
  const stem = fileStem(body.name);
  // Loaded on demand: the interchange module brings ajv, which the rest of the page does not need.
  const { exportDocument } = await import('../interchange.ts');
  const { approvedServiceIds: _ids, statuses, ...described } = body;
  const catalogListId = saved.id();
  const doc = exportDocument(
    catalogue,
    knownIds,
    { ...described, ...(catalogListId ? { catalogListId } : {}) },
    statuses,
  );
  download(`${stem}.service-list.json`, `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
  const settings = settingsLeftOut(document);
  out.replaceChildren(
    detailNotice(
      'ok',
      `Downloaded ${stem}.service-list.json (${plural(knownIds.length, 'service')}).${leftOut}`,
      ...(settings ? [el('p', {}, settings)] : []),
    ),
  );
  return `Downloaded ${stem}.service-list.json.`;
}

async function downloadMarkdown({ knownIds, leftOut, body }: PreparedList, out: HTMLElement) {
  const r = await request<string>('create the markdown', '/v1/export/markdown', {
    json: body,
    as: 'text',
    headers: { accept: 'text/markdown' },
  });
  if (!r.ok) return failed(out, r.message);
  // The server names the file; fall back to the list's own name if the header is missing.
  const named = /filename="?([^";]+)"?/.exec(r.response.headers.get('content-disposition') ?? '')?.[1];
  const filename = named ?? `${fileStem(body.name)}.md`;
  download(filename, r.body, 'text/markdown');
  out.replaceChildren(detailNotice('ok', `Downloaded ${filename} (${plural(knownIds.length, 'service')}).${leftOut}`));
  return `Downloaded ${filename}.`;
}

async function saveForShareLink({ state, knownIds, leftOut, body }: PreparedList, out: HTMLElement, saved: SavedLink) {
  const r = await request<{ id: string; url: string; expiresAt: string }>('save the list', '/v1/lists', {
    json: body,
  });
  if (!r.ok) return failed(out, r.message);
  saved.remember(r.body.id, state);
  const link = el('input', { type: 'text', readOnly: true, value: r.body.url, id: 'share-url' });
  const copied = el('span', { attrs: { role: 'status' }, dataset: { copyResult: '' } });
  const until = humanDate(r.body.expiresAt.slice(0, 10));
  const settings = settingsLeftOut(document);
  out.replaceChildren(
    detailNotice(
      'ok',
      el(
        'p',
        {},
        `Saved ${plural(knownIds.length, 'service')}. Anyone with this link can view and import the list until ${until}:`,
      ),
      el('p', {}, el('a', { href: r.body.url, dataset: { shareLink: '' } }, r.body.url)),
      el(
        'p',
        { className: 'row' },
        el('label', { htmlFor: 'share-url', className: 'visually-hidden' }, 'Share link'),
        link,
        el(
          'button',
          { type: 'button', className: 'secondary', onclick: () => void copyLink(link, copied) },
          'Copy link',
        ),
        copied,
      ),
      ...(leftOut ? [el('p', {}, leftOut.trim())] : []),
      ...(settings ? [el('p', {}, settings)] : []),
    ),
  );
  // The result sits under the bar, often far above where the list was being edited: the link is brought into view
  // and selected, ready to copy.
  link.focus();
  link.select();
  return 'Saved: the share link is selected, ready to copy.';
}

/**
 * The policy settings set on this page (exempt roles, where the Google Cloud policy applies, the larger SCP quota),
 * which stay in this browser: they say how one organisation deploys, not what the list approves, so a saved or
 * exported list leaves them out and whoever imports it sets their own. One sentence, or '' when none is set.
 */
function settingsLeftOut(page: ParentNode): string {
  const value = (selector: string) =>
    page.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector)?.value.trim() ?? '';
  const set = [
    value('[data-aws-exempt]') && 'the roles the AWS SCP leaves alone',
    value('[data-gcp-parent]') && 'where the Google Cloud policy applies',
    value('[data-aws-quota]') === '10240' && 'the 10,240-character SCP quota',
  ].filter(Boolean);
  if (!set.length) return '';
  const named = set.length === 1 ? set[0] : `${set.slice(0, -1).join(', ')} and ${set.at(-1)}`;
  return `Not in it: ${named}. Those stay in this browser; whoever imports the list sets their own.`;
}

function failed(out: HTMLElement, message: string): string {
  out.replaceChildren(notice('error', message));
  return 'That did not work.';
}

/**
 * Copies the share link and says so; where the clipboard API is missing or
 * refused (plain http, an old browser) it selects the text for a manual copy.
 */
async function copyLink(input: HTMLInputElement, result: HTMLElement): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(input.value);
    result.textContent = 'Link copied.';
  } catch {
    input.focus();
    input.select();
    result.textContent = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
  }
}
