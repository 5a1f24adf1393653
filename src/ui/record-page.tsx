import { useId, type ReactNode } from 'react';

/** A titled part of a record's page (a sale, a customer): a region named by its heading. */
export function PageSection({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One labelled value of a record, inside a <dl>. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
