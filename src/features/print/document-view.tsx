import type { CSSProperties } from 'react';
import type { DocumentBlock, DocumentModel } from '../../../domain/documents/document';
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
            block.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
          )}
        </section>
      );
  }
}
