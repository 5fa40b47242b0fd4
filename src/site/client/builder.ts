/**
 * The approved-list builder (/list): the list grouped by provider and
 * category with lifecycle warnings, name and description, downloads
 * (interchange JSON in the browser; markdown and policies from the API), save
 * for a share link, and import of a service list file.
 */
import { addIds, compactBody, emptyList, fileStem, removeIds, type ApprovedListState } from '../list-state.ts';
import { groupList } from '../group.ts';
import { humanDate, lifecycleLabel, plural } from '../format.ts';
import { parseImportText, schemaErrorLines } from '../import-file.ts';
import { changesInNextYear, localToday } from '../list-lifecycle.ts';
import { loadCatalogueData, type BuiltData } from './catalogue-data.ts';
import { el, notice } from './dom.ts';
import { download, request } from './http.ts';
import { onListChange, readList, updateList, writeList } from './store.ts';
import type { PolicyTarget } from '../../core/policies/common.ts';
import { cloudNames, gcpParentProblem, hasServiceOf, type PolicyEnvelopeView } from '../policy-view.ts';
import { renderPolicyResult } from './policy-result.ts';

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

export function startBuilder(): void {
  const root = document.querySelector<HTMLElement>('[data-builder]');
  if (!root) return;
  root.hidden = false;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const nameInput = $<HTMLInputElement>('[data-list-name]');
  const descInput = $<HTMLTextAreaElement>('[data-list-description]');
  const groups = $('[data-list-groups]');
  const warnings = $('[data-list-warnings]');
  const total = $('[data-list-total]');
  const exportResult = $('[data-export-result]');
  const importResult = $('[data-import-result]');
  let data: BuiltData | undefined;

  const state = readList();
  nameInput.value = state.name;
  descInput.value = state.description;
  nameInput.addEventListener('input', () => updateList((s) => ({ ...s, name: nameInput.value })));
  descInput.addEventListener('input', () => updateList((s) => ({ ...s, description: descInput.value })));

  const render = (s: ApprovedListState) => {
    total.textContent = `(${s.ids.length})`;
    if (!data) return;
    const g = groupList(data, s.ids);
    warnings.replaceChildren();
    if (g.warnings.length) {
      warnings.append(
        notice(
          'warn',
          el(
            'p',
            {},
            el(
              'strong',
              {},
              `${plural(g.warnings.length, 'service')} in your list ${g.warnings.length === 1 ? 'is' : 'are'} not active and generally available:`,
            ),
          ),
          el(
            'ul',
            {},
            ...g.warnings.map((w) => el('li', {}, el('a', { href: `/services/${w.slug}` }, w.name), ` — ${w.text}`)),
          ),
        ),
      );
    }
    const changing = changesInNextYear(data, g.knownIds, localToday());
    if (changing.length) {
      warnings.append(
        notice(
          'warn',
          el(
            'p',
            { dataset: { listChanges: String(changing.length) } },
            el(
              'strong',
              {},
              `${plural(changing.length, 'service')} in your list ${changing.length === 1 ? 'changes' : 'change'} in the next 12 months:`,
            ),
          ),
          el(
            'ul',
            {},
            ...changing.map((c) =>
              el(
                'li',
                {},
                el('a', { href: c.page }, c.name),
                ` — ${lifecycleLabel(c.status)} on ${humanDate(c.date!)}`,
              ),
            ),
          ),
          el('p', {}, 'Every change in the catalogue: ', el('a', { href: '/lifecycle' }, 'lifecycle timeline'), '.'),
        ),
      );
    }
    if (g.unknownIds.length) {
      warnings.append(
        notice(
          'warn',
          el(
            'p',
            { dataset: { unknownIds: '' } },
            `Not in this catalogue, so left out of every download, policy and saved link (they stay in your list until you remove them): ${g.unknownIds.join(', ')}.`,
          ),
          el(
            'button',
            { type: 'button', className: 'secondary', onclick: () => updateList((x) => removeIds(x, g.unknownIds)) },
            'Remove them',
          ),
        ),
      );
    }
    if (!s.ids.length) {
      groups.replaceChildren(
        el(
          'p',
          { className: 'notice' },
          'Your list is empty. Open any service in the ',
          el('a', { href: '/' }, 'catalogue'),
          ' and choose “Add to my list”, or import a file below.',
        ),
      );
      return;
    }
    groups.replaceChildren(
      ...g.providers.map((p) =>
        el(
          'section',
          { className: 'card', attrs: { 'aria-label': p.name } },
          el('h3', {}, `${p.name} (${p.count})`),
          ...p.categories.map((c) =>
            el(
              'div',
              {},
              el('h4', {}, c.name),
              el(
                'ul',
                { className: 'services' },
                ...c.services.map(({ service, warning }) =>
                  el(
                    'li',
                    { className: 'service', dataset: { listed: service.id } },
                    el('img', { src: `/icons/services/${service.id}.svg`, width: 40, height: 40, alt: '' }),
                    el(
                      'div',
                      { className: 'body' },
                      el(
                        'p',
                        {},
                        el('a', { href: `/services/${service.slug}` }, service.name),
                        ...(service.lifecycle
                          ? [
                              ' ',
                              el(
                                'span',
                                { className: `badge ${service.lifecycle.status}` },
                                lifecycleLabel(service.lifecycle.status),
                              ),
                            ]
                          : []),
                      ),
                      warning && el('p', { className: 'notice warn' }, warning),
                      el(
                        'button',
                        {
                          type: 'button',
                          className: 'secondary',
                          onclick: () => updateList((x) => removeIds(x, [service.id])),
                        },
                        'Remove',
                        el('span', { className: 'visually-hidden' }, ` ${service.name}`),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  };
  onListChange(render);

  void loadCatalogueData().then((r) => {
    if (!r.ok) {
      groups.replaceChildren(
        notice('error', r.message, 'Your list is safe in this browser; reload the page to try again.'),
      );
      return;
    }
    data = r.body;
    render(readList());
  });
  render(state);

  $<HTMLButtonElement>('[data-list-clear]').addEventListener('click', () => {
    if (confirm('Remove every service from your list?')) {
      writeList(emptyList());
      nameInput.value = emptyList().name;
      descInput.value = '';
    }
  });

  /**
   * The list as it can be sent: only the ids this catalogue knows (the API
   * answers 422 for any other), and a sentence naming those left out.
   */
  const prepare = async (out: HTMLElement) => {
    const s = readList();
    if (!s.ids.length) {
      out.replaceChildren(notice('error', 'Your list is empty: add services first.'));
      return undefined;
    }
    const cat = await loadCatalogueData();
    if (!cat.ok) {
      out.replaceChildren(notice('error', cat.message));
      return undefined;
    }
    const { knownIds, unknownIds } = groupList(cat.body, s.ids);
    if (!knownIds.length) {
      out.replaceChildren(
        notice(
          'error',
          `None of the services in your list is in this catalogue (${unknownIds.join(', ')}): add services first.`,
        ),
      );
      return undefined;
    }
    const leftOut = unknownIds.length ? ` Left out, not in this catalogue: ${unknownIds.join(', ')}.` : '';
    return { s, cat: cat.body, knownIds, leftOut, body: compactBody(s, knownIds) };
  };
  const busy = async (button: HTMLButtonElement, work: () => Promise<void>) => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      await work();
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  };

  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-export]')) {
    button.addEventListener('click', () =>
      busy(button, async () => {
        const ready = await prepare(exportResult);
        if (!ready) return;
        const { cat, knownIds, leftOut, body } = ready;
        const kind = button.dataset.export;
        const stem = fileStem(body.name);
        if (kind === 'interchange') {
          const { exportDocument } = await import('./interchange.ts');
          const doc = exportDocument(cat, knownIds, {
            name: body.name,
            ...(body.description ? { description: body.description } : {}),
          });
          download(`${stem}.service-list.json`, `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
          exportResult.replaceChildren(
            notice('ok', `Downloaded ${stem}.service-list.json (${plural(knownIds.length, 'service')}).${leftOut}`),
          );
        } else if (kind === 'markdown') {
          const r = await request<string>('create the markdown', '/v1/export/markdown', {
            json: body,
            as: 'text',
            headers: { accept: 'text/markdown' },
          });
          if (!r.ok) return void exportResult.replaceChildren(notice('error', r.message));
          const named = /filename="?([^";]+)"?/.exec(r.response.headers.get('content-disposition') ?? '')?.[1];
          download(named ?? `${stem}.md`, r.body, 'text/markdown');
          exportResult.replaceChildren(
            notice('ok', `Downloaded ${named ?? `${stem}.md`} (${plural(knownIds.length, 'service')}).${leftOut}`),
          );
        } else if (kind === 'save') {
          const r = await request<{ id: string; url: string; expiresAt: string }>('save the list', '/v1/lists', {
            json: body,
          });
          if (!r.ok) return void exportResult.replaceChildren(notice('error', r.message));
          const link = el('input', { type: 'text', readOnly: true, value: r.body.url, id: 'share-url' });
          const copied = el('span', { attrs: { role: 'status' }, dataset: { copyResult: '' } });
          exportResult.replaceChildren(
            notice(
              'ok',
              el(
                'p',
                {},
                `Saved ${plural(knownIds.length, 'service')}. Anyone with this link can view and import the list until ${humanDate(r.body.expiresAt.slice(0, 10))}:`,
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
            ),
          );
        }
      }),
    );
  }

  const gcpParent = root.querySelector<HTMLInputElement>('[data-gcp-parent]');
  const gcpParentError = root.querySelector<HTMLElement>('[data-gcp-parent-error]');
  gcpParent?.addEventListener('input', () => {
    const problem = gcpParentProblem(gcpParent.value);
    gcpParent.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (gcpParentError) gcpParentError.textContent = problem ?? '';
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-policy]')) {
    const target = button.dataset.policy! as PolicyTarget;
    const out = root.querySelector<HTMLElement>(`[data-policy-result="${target}"]`)!;
    button.addEventListener('click', () =>
      busy(button, async () => {
        const ready = await prepare(out);
        if (!ready) return;
        const { body, leftOut, cat } = ready;
        if (!hasServiceOf(target, body.approvedServiceIds, cat)) {
          // Never offer a deny-everything document by accident: say why there is none.
          return void out.replaceChildren(
            notice(
              'warn',
              `Your list has no ${cloudNames[target]} service, so there is no ${cloudNames[target]} policy to download: it would deny every ${cloudNames[target]} service. Add ${cloudNames[target]} services first.`,
            ),
          );
        }
        const query = new URLSearchParams({ envelope: 'true' });
        if (target === 'gcp' && gcpParent?.value.trim()) {
          const problem = gcpParentProblem(gcpParent.value);
          if (problem) return void out.replaceChildren(notice('error', problem));
          query.set('parent', gcpParent.value.trim());
        }
        const r = await request<PolicyEnvelopeView>(
          `generate the ${button.textContent!.replace(/^Generate /, '')}`,
          `/v1/policies/${button.dataset.policyPath}?${query}`,
          { json: { name: body.name, approvedServiceIds: body.approvedServiceIds } },
        );
        if (!r.ok) return void out.replaceChildren(notice('error', r.message));
        renderPolicyResult(out, {
          target,
          envelope: r.body,
          data: cat,
          filename: `${fileStem(body.name)}.${button.dataset.policyPath}.json`,
          leftOut,
          add: (id) => {
            updateList((s) => addIds(s, [id]));
            button.click();
          },
        });
      }),
    );
  }

  // ------------------------------------------------------------- import
  const fileInput = $<HTMLInputElement>('[data-import-file]');
  const zone = $('[data-dropzone]');
  const importFile = async (file: File) => {
    importResult.replaceChildren(el('p', { className: 'muted' }, `Reading ${file.name}…`));
    const parsed = parseImportText(file.name, file.size, file.size > 5 * 1024 * 1024 ? '' : await file.text());
    if (!parsed.ok) return void importResult.replaceChildren(notice('error', parsed.message));
    const cat = await loadCatalogueData();
    if (!cat.ok) return void importResult.replaceChildren(notice('error', cat.message));
    const { importDocument } = await import('./interchange.ts');
    const result = importDocument(cat.body, parsed.value);
    if (!result.ok) {
      return void importResult.replaceChildren(
        notice(
          'error',
          el('p', {}, `“${file.name}” is not a valid service list (format v1):`),
          el('ul', {}, ...schemaErrorLines(result.errors).map((l) => el('li', {}, l))),
        ),
      );
    }
    const apply = (mode: 'replace' | 'add') => {
      updateList((s) =>
        mode === 'replace'
          ? {
              name: result.metadata.name,
              description: result.metadata.description ?? '',
              ids: addIds(emptyList(), result.approvedServiceIds).ids,
            }
          : addIds(s, result.approvedServiceIds),
      );
      const s = readList();
      nameInput.value = s.name;
      descInput.value = s.description;
      importResult.replaceChildren(
        notice(
          'ok',
          `Imported ${plural(result.approvedServiceIds.length, 'service')} from “${file.name}”. Your list now has ${plural(s.ids.length, 'service')}.`,
        ),
      );
    };
    importResult.replaceChildren(
      notice(
        result.unknownServiceIds.length || result.notes.length ? 'warn' : 'ok',
        el(
          'p',
          {},
          `“${result.metadata.name}”: ${plural(result.approvedServiceIds.length, 'service')} this catalogue knows.`,
        ),
        ...(result.notes.length ? [el('ul', {}, ...result.notes.slice(0, 20).map((n) => el('li', {}, n)))] : []),
        el(
          'p',
          { className: 'row' },
          el(
            'button',
            { type: 'button', onclick: () => apply('replace'), dataset: { importMode: 'replace' } },
            'Replace my list with it',
          ),
          el(
            'button',
            { type: 'button', className: 'secondary', onclick: () => apply('add'), dataset: { importMode: 'add' } },
            'Add its services to my list',
          ),
        ),
      ),
    );
  };
  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    if (f) void importFile(f);
    fileInput.value = '';
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f) void importFile(f);
  });
}
