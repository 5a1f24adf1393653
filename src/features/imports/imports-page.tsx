import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { IMPORT_KINDS, IMPORT_PERMISSION, type ImportKind } from '../../../domain/import-kinds';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '../../../domain/imports';
import { importMessages } from '../../../domain/messages/imports';
import { hasPermission } from '../../../domain/permissions';
import { importPreviewSchema, type ImportPreview } from '../../../domain/schemas/imports';
import { Field } from '../../ui/form-fields';
import { ScreenPage } from '../../ui/screen-chrome';
import { useShell } from '../../ui/shell-context';
import { useToast } from '../../ui/toast';
import { apiDownload, apiUpload, getErrorMessage, uploadError } from '../../lib/api';
import { useHoldUpdate } from '../../lib/sending-gate';
import './imports.css';

const text = importMessages;
type Columns = Record<string, string>;

/** Sends the file to be checked (`commit` false) or imported; a refusal that lists the file's errors is an answer too. */
async function sendFile(
  kind: ImportKind,
  file: File,
  columns: Columns,
  commit: boolean,
  onProgress: (sent: number) => void,
): Promise<ImportPreview> {
  const search = new URLSearchParams({ file: file.name.slice(0, 200), columns: JSON.stringify(columns) });
  const answer = await apiUpload(`/api/v2/imports/${kind}${commit ? '' : '/preview'}?${search}`, file, {
    onProgress,
    // Each import of a chosen file is a new change; sending it again after a lost answer is the person's new try.
    idempotencyKey: commit ? crypto.randomUUID() : undefined,
  });
  if (answer.status === 200) return importPreviewSchema.parse(answer.payload);
  const listed = importPreviewSchema.safeParse(answer.payload);
  if (answer.status === 422 && listed.success) return listed.data;
  throw uploadError(answer);
}

/**
 * 'Importar': the business's customers, products, opening stock and opening balances from its
 * spreadsheets. The person picks what to bring in (the kinds their permissions allow), may
 * download its template or what is stored in that format, chooses a file, and sees the whole
 * file checked by the server — its columns (and maps the ones not recognised), what would be
 * created, updated or left as it is, the totals, and every error by row and column — before
 * anything is written. Only a file without errors can be imported.
 */
export default function ImportsPage() {
  const { user } = useShell();
  const kinds = IMPORT_KINDS.filter((kind) => hasPermission(user, IMPORT_PERMISSION[kind]));
  const [kind, setKind] = useState<ImportKind>(kinds[0] ?? 'customers');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<Columns>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notify, toast] = useToast();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  useHoldUpdate(file !== null && !preview?.written);

  const check = useMutation({
    mutationFn: (next: { file: File; columns: Columns; commit: boolean }) => {
      setProgress(0);
      return sendFile(kind, next.file, next.columns, next.commit, setProgress);
    },
    onSuccess: (answer) => {
      setPreview(answer);
      if (answer.written) notify(text.imported(answer.file), 'success');
    },
    onSettled: () => setProgress(null),
  });

  const choose = (chosen: File | null) => {
    setPreview(null);
    setColumns({});
    setFile(chosen);
    check.reset();
    if (chosen) check.mutate({ file: chosen, columns: {}, commit: false });
  };
  const remap = (header: string, field: string) => {
    const next = { ...columns, [header]: field };
    setColumns(next);
    if (file) check.mutate({ file, columns: next, commit: false });
  };
  const startOver = () => {
    if (input.current) input.current.value = '';
    choose(null);
  };
  const download = (what: 'template' | 'export') =>
    apiDownload(`/api/v2/imports/${kind}/${what}`, `${text.kinds[kind]}.xlsx`).catch((error: unknown) =>
      notify(getErrorMessage(error), 'danger'),
    );

  const busy = check.isPending;
  const fieldsOf = IMPORT_COLUMNS[kind];
  const taken = new Set(preview?.columns.map((col) => col.field).filter(Boolean));
  return (
    <ScreenPage title={text.title} overlays={toast}>
      <div className="imports">
        <p>{text.intro}</p>
        <div role="group" aria-label={text.kind} className="imports__kinds">
          {kinds.map((option) => (
            <button
              key={option}
              type="button"
              className="outline-button"
              aria-pressed={kind === option}
              disabled={busy}
              onClick={() => {
                setKind(option);
                startOver();
              }}
            >
              {text.kinds[option]}
            </button>
          ))}
        </div>
        <p className="imports__help">{text.kindHelp[kind]}</p>
        <div className="imports__downloads">
          <button type="button" className="outline-button" onClick={() => void download('template')}>
            {text.template}
          </button>
          <button type="button" className="outline-button" onClick={() => void download('export')}>
            {text.exportCurrent}
          </button>
        </div>

        <Field id={fileId} label={text.chooseFile} hint={text.fileHint}>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${fileId}-hint`}
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (chosen && chosen.size > IMPORT_LIMITS.bytes) {
                notify(text.fileTooLarge, 'danger');
                event.target.value = '';
                return;
              }
              choose(chosen);
            }}
          />
        </Field>

        {busy && (
          <div role="status" className="imports__progress">
            <progress max={1} value={progress !== null && progress < 1 ? progress : undefined} />
            <span>
              {progress !== null && progress < 1
                ? text.uploading(Math.round(progress * 100))
                : check.variables?.commit
                  ? text.importing
                  : text.checking}
            </span>
          </div>
        )}
        {check.isError && (
          <p role="alert" className="imports__failure">
            {getErrorMessage(check.error)}
          </p>
        )}

        {preview && !busy && (
          <section aria-labelledby={`${fileId}-summary`} className="imports__result">
            <h2 id={`${fileId}-summary`}>{preview.written ? text.done : text.summaryTitle}</h2>
            <dl className="imports__counts">
              {[
                [text.rows, preview.rows],
                [text.create, preview.create],
                [text.update, preview.update],
                [text.unchanged, preview.unchanged],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{Number(value).toLocaleString('es-MX')}</dd>
                </div>
              ))}
              {preview.totals.map((total) => (
                <div key={total.label}>
                  <dt>{total.label}</dt>
                  <dd>{total.money ? formatMoney(total.value) : total.value.toLocaleString('es-MX')}</dd>
                </div>
              ))}
            </dl>

            {!preview.written && (
              <details className="imports__columns" open={preview.columns.some((col) => col.field === null)}>
                <summary>{text.columnsTitle}</summary>
                <ul>
                  {preview.columns.map((col, index) => {
                    const id = `${fileId}-column-${index}`;
                    return (
                      <li key={`${index}-${col.header}`}>
                        <label htmlFor={id}>{col.header}</label>
                        <select id={id} value={col.field ?? ''} onChange={(event) => remap(col.header, event.target.value)}>
                          <option value="">{text.ignoreColumn}</option>
                          {fieldsOf
                            .filter((field) => field.key === col.field || !taken.has(field.key))
                            .map((field) => (
                              <option key={field.key} value={field.key}>
                                {field.header}
                              </option>
                            ))}
                        </select>
                        {col.field === null && <span className="imports__unknown">{text.columnUnknown}</span>}
                      </li>
                    );
                  })}
                </ul>
              </details>
            )}

            {preview.error_count > 0 ? (
              <div className="imports__errors" role="alert">
                <h3>{text.errorsTitle(preview.error_count)}</h3>
                <table className="imports__table">
                  <thead>
                    <tr>
                      <th scope="col">{text.row}</th>
                      <th scope="col">{text.column}</th>
                      <th scope="col">{text.problem}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.errors.map((error, index) => (
                      <tr key={index}>
                        <td>{error.row ?? '—'}</td>
                        <td>{error.column ?? '—'}</td>
                        <td>{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {preview.error_count > preview.errors.length && <p>{text.moreErrors(preview.errors.length, preview.error_count)}</p>}
              </div>
            ) : preview.written ? (
              <button type="button" className="button-primary button-primary--padded" onClick={startOver}>
                {text.another}
              </button>
            ) : (
              <>
                <p>{text.ready}</p>
                <button
                  type="button"
                  className="button-primary button-primary--padded"
                  onClick={() => file && check.mutate({ file, columns, commit: true })}
                >
                  {text.import(preview.rows)}
                </button>
              </>
            )}
          </section>
        )}
      </div>
    </ScreenPage>
  );
}
