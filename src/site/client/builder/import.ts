/**
 * "Import a list": a file chosen or dropped is read in the browser in either
 * list form (an interchange document, checked against its schema, or the
 * compact `{ name, approvedServiceIds }`), then the user chooses to replace
 * the list with it or add its services.
 */
import { addedFrom, replacedBy } from '../../list-state.ts';
import { plural } from '../../format.ts';
import { parseImportText, schemaErrorLines } from '../../import-file.ts';
import { loadCatalogueData } from '../catalogue-data.ts';
import { el, focusResult, notice } from '../dom.ts';
import { readList, updateList } from '../store.ts';
import type { importDocument } from '../interchange.ts';
import type { AboutFields } from './about.ts';
import type { BuilderPage } from './context.ts';

/** Files larger than this are refused unread (parseImportText names the limit); a service list is a few kilobytes. */
const maxReadBytes = 5 * 1024 * 1024;

type Imported = Extract<ReturnType<typeof importDocument>, { ok: true }>;

export function startImport(page: BuilderPage, about: AboutFields): void {
  const fileInput = page.find<HTMLInputElement>('[data-import-file]');
  const zone = page.find('[data-dropzone]');
  const out = page.find('[data-import-result]');
  const importFile = (file: File) => void readImport(file, out, about);
  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    if (f) importFile(f);
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
    if (f) importFile(f);
  });
}

async function readImport(file: File, out: HTMLElement, about: AboutFields): Promise<void> {
  out.replaceChildren(el('p', { className: 'muted' }, `Reading ${file.name}…`));
  const parsed = parseImportText(file.name, file.size, file.size > maxReadBytes ? '' : await file.text());
  if (!parsed.ok) return void out.replaceChildren(notice('error', parsed.message));
  const cat = await loadCatalogueData();
  if (!cat.ok) return void out.replaceChildren(notice('error', cat.message));
  // Loaded on demand: the interchange module brings ajv, which the rest of the page does not need.
  const interchange = await import('../interchange.ts');
  const result = interchange.importDocument(cat.body, parsed.value);
  if (!result.ok) {
    return void out.replaceChildren(
      notice(
        'error',
        el('p', {}, `“${file.name}” is not a valid service list (format v1):`),
        el('ul', {}, ...schemaErrorLines(result.errors).map((l) => el('li', {}, l))),
      ),
    );
  }
  const apply = (mode: 'replace' | 'add') => {
    // Replacing loses the list kept in this browser, as clearing it does: asked the same way, unless it is empty.
    const mine = readList().ids.length;
    if (mode === 'replace' && mine && !confirm(`Replace your list of ${plural(mine, 'service')} with this one?`))
      return;
    applyImport(result, mode, file.name, out, about);
  };
  // A file that approves nothing this catalogue knows has nothing to bring: neither button, so no list is emptied.
  const importable = result.approvedServiceIds.length > 0;
  const names = new Map(cat.body.services.map((s) => [s.id, s.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  out.replaceChildren(
    notice(
      !importable || result.unknownServiceIds.length || result.notes.length || result.disabledServiceIds.length
        ? 'warn'
        : 'ok',
      el(
        'p',
        {},
        `“${result.description.name}”: ${plural(result.approvedServiceIds.length, 'service')} this catalogue knows.`,
      ),
      ...(result.disabledServiceIds.length
        ? [
            el(
              'p',
              { dataset: { importDisabled: '' } },
              `${plural(result.disabledServiceIds.length, 'service')} the file marks disabled ` +
                `${result.disabledServiceIds.length === 1 ? 'is' : 'are'} left out, since your list is what ` +
                `its policies allow: ${result.disabledServiceIds.map(nameOf).join(', ')}.`,
            ),
          ]
        : []),
      ...(result.restrictedServiceIds.length
        ? [
            el(
              'p',
              { dataset: { importRestricted: '' } },
              `${plural(result.restrictedServiceIds.length, 'service')} the file marks restricted ` +
                `${result.restrictedServiceIds.length === 1 ? 'stays' : 'stay'} restricted in your list and in ` +
                `what you export from it: ${result.restrictedServiceIds.map(nameOf).join(', ')}.`,
            ),
          ]
        : []),
      ...(result.notes.length ? [el('ul', {}, ...result.notes.slice(0, 20).map((n) => el('li', {}, n)))] : []),
      importable
        ? el(
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
          )
        : el('p', { dataset: { importNothing: '' } }, 'Nothing to import: your list is left as it is.'),
    ),
  );
}

function applyImport(
  result: Imported,
  mode: 'replace' | 'add',
  fileName: string,
  out: HTMLElement,
  about: AboutFields,
): void {
  const from = { ids: result.approvedServiceIds, restricted: result.restrictedServiceIds };
  updateList((s) => (mode === 'replace' ? replacedBy({ ...result.description, ...from }) : addedFrom(s, from)));
  const s = readList();
  about.show(s);
  const imported = plural(result.approvedServiceIds.length, 'service');
  const done = notice(
    'ok',
    `Imported ${imported} from “${fileName}”. Your list now has ${plural(s.ids.length, 'service')}.`,
  );
  out.replaceChildren(done);
  // The button pressed is gone with the choice it offered.
  focusResult(done);
}
