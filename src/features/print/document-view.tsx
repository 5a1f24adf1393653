import type { CSSProperties } from 'react';
import type { DocumentBlock, DocumentModel, QrBlock } from '../../../domain/documents/document';
import './document-view.css';

/**
 * A document model (domain/documents) as HTML: the print view of the same blocks the PDF
 * drawer draws, so what is printed and what is downloaded say the same thing.
 */
export function DocumentView({ model }: { model: DocumentModel }) {
  return (
    <article className="doc" style={{ '--doc-accent': model.brand.color } as CSSProperties}>
      {model.blocks.map((block, index) => (
        <Block key={index} block={block} brand={model.brand} />
      ))}
      <footer className="doc__footer">
        {model.footer.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </footer>
    </article>
  );
}

function Block({ block, brand }: { block: DocumentBlock; brand: DocumentModel['brand'] }) {
  switch (block.kind) {
    case 'heading':
      return (
        <header className="doc__heading">
          <div className="doc__issuer">
            <p className="doc__brand">
              {/* The brand's name beside the logo says what the picture shows: the image is decoration. */}
              <img src={brand.logo} alt="" width={48} height={48} />
              <span>{brand.name}</span>
            </p>
            {block.issuer.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <div className="doc__title">
            <h1>{block.title}</h1>
            <p className="doc__number">{block.number}</p>
            <dl className="doc__facts">
              {block.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </header>
      );
    case 'keyValues':
      return (
        <section className="doc__section">
          <h2>{block.title}</h2>
          <dl className="doc__pairs">
            {block.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      );
    case 'table':
      return (
        // A phone scrolls a wide table sideways rather than the whole page.
        <div className="doc__table-scroll">
          <table className="doc__table">
            <colgroup>
              {block.columns.map((column) => (
                <col key={column.label} style={{ width: `${column.width * 100}%` }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {block.columns.map((column) => (
                  <th key={column.label} scope="col" className={`doc__cell--${column.align}`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((cells, row) => (
                <tr key={row}>
                  {cells.map((cell, c) => (
                    <td key={c} className={`doc__cell--${block.columns[c]?.align ?? 'left'}`}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'totals':
      return (
        <dl className="doc__totals">
          {block.rows.map((row) => (
            <div key={row.label} className={row.emphasis ? 'doc__total--emphasis' : undefined}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      );
    case 'paragraphs':
      return (
        <section className="doc__section">
          <h2>{block.title}</h2>
          {block.list ? (
            <ul className="doc__list">
              {block.paragraphs.map((paragraph) => (
                <li key={paragraph}>{paragraph}</li>
              ))}
            </ul>
          ) : (
            block.paragraphs.map((paragraph) => (
              <p key={paragraph} className={block.monospace ? 'doc__mono' : undefined}>
                {paragraph}
              </p>
            ))
          )}
        </section>
      );
    case 'qr':
      return (
        <section className="doc__qr">
          <QrCode block={block} />
          <dl className="doc__facts doc__qr-facts">
            {block.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      );
  }
}

/** The blank margin a reader needs around a QR code (ISO/IEC 18004: four modules). */
export const QR_QUIET_ZONE = 4;

/** A run of dark modules in one row: `x` and `y` in modules, `width` modules long. */
export interface QrRun {
  x: number;
  y: number;
  width: number;
}

/**
 * The dark modules as horizontal runs, one rectangle each: far fewer elements than one per
 * module, and no seam between neighbours for a printer or a scanner to see.
 */
export function qrRuns(modules: readonly (readonly boolean[])[]): QrRun[] {
  const runs: QrRun[] = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      runs.push({ x, y, width: end - x + 1 });
      x = end;
    }
  });
  return runs;
}

/**
 * The code as vector rectangles on a white square with its quiet zone: crisp at any zoom and
 * on paper, where a scaled bitmap would blur. Its text is what the code says, for whoever
 * cannot scan it.
 */
function QrCode({ block }: { block: QrBlock }) {
  const side = block.modules.length + 2 * QR_QUIET_ZONE;
  return (
    <svg
      className="doc__qr-code"
      role="img"
      aria-label={block.text}
      viewBox={`${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QR_QUIET_ZONE} y={-QR_QUIET_ZONE} width={side} height={side} fill="#fff" />
      {qrRuns(block.modules).map((run) => (
        <rect key={`${run.y}-${run.x}`} x={run.x} y={run.y} width={run.width} height={1} fill="#000" />
      ))}
    </svg>
  );
}
