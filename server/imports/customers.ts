import { eq, sql } from 'drizzle-orm';
import { cellInteger, cellText, sameName, type Cell } from '../../domain/imports';
import { receiverProblems } from '../../domain/cfdi/receiver';
import { importMessages } from '../../domain/messages/imports';
import { companyInputSchema, type CompanyInput } from '../../domain/schemas/customers';
import { companies, companyBranches, contacts } from '../db/schema';
import { rows } from '../db/sql-rows';
import { inChunks, pauses, reader, rowsInPages, type FileRow, type ImportKindHandler, type RowIssue } from './import-kind';

const text = importMessages;

/** A régimen's key as typed: '601' or '601 General de Ley Personas Morales' (how the SAT's papers print it). */
function fiscalKeyCell(cell: Cell): string | null {
  const value = cellText(cell);
  return value === null ? null : (/^(\d{3})(?:\s|$|\s*-)/.exec(value)?.[1] ?? value);
}

/** A CP as typed; a spreadsheet keeps 01000 as the number 1000, so 4 digits get their leading zero back. */
function postalCodeCell(cell: Cell): string | null {
  const value = cellText(cell);
  return value !== null && /^\d{4}$/.test(value) ? `0${value}` : value;
}
const COMPANY_FIELDS = [
  'name',
  'razon_social',
  'rfc',
  'credit_days',
  'delivery_address',
  'delivery_references',
  'delivery_time',
  'regimen_fiscal',
  'cp_fiscal',
] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];

interface StoredCompany {
  id: number;
  name: string;
  razon_social: string;
  rfc: string | null;
  credit_days: number;
  delivery_address: string | null;
  delivery_references: string | null;
  delivery_time: string | null;
  regimen_fiscal: string | null;
  cp_fiscal: string | null;
}
interface StoredBranch {
  id: number;
  company_id: number;
  name: string;
  address: string;
}
interface StoredContact {
  id: number;
  company_id: number;
  name: string;
  last: string;
  phone: string | null;
  email: string | null;
}

/** One customer of the file: its fields as checked by the customer form's schema, and what to do with it. */
interface CustomerPlan {
  input: CompanyInput;
  /** The fields the file has columns for: only those change a stored customer. */
  fields: readonly CompanyField[];
  existing: StoredCompany | null;
  changed: boolean;
  newBranches: CompanyInput['branches'];
  branchAddresses: { id: number; address: string }[];
  newContacts: CompanyInput['contacts'];
  contactChanges: { id: number; phone: string | null; email: string | null }[];
}

const contactKey = (contact: { name: string; last: string }) => `${sameName(contact.name)}|${sameName(contact.last)}`;
const sameContact = (a: { phone: string | null; email: string | null }, b: { phone: string | null; email: string | null }) =>
  (a.phone ?? null) === (b.phone ?? null) && (a.email ?? null) === (b.email ?? null);
const branchKey = (branch: { name: string }) => sameName(branch.name);
const sameBranch = (a: { address: string }, b: { address: string }) => a.address === b.address;

/**
 * Which stored branch or contact each of the file's is. Two people of one name are two contacts
 * (the export writes both), so a name is not enough: one stored with the same name and the same
 * details is taken first, then the first left with that name (whose details the file corrects).
 * One the file repeats whole, with none stored the same left for it, is a row typed twice:
 * `repeats` pairs its index with the earlier one's.
 */
function matchStored<F, S>(
  file: readonly F[],
  stored: readonly S[],
  key: (entry: F | S) => string,
  same: (a: F, b: S | F) => boolean,
): { matched: (S | null)[]; repeats: [number, number][] } {
  const free = [...stored];
  const take = (found: number) => (found < 0 ? null : free.splice(found, 1)[0]!);
  const matched: (S | null)[] = file.map((entry) => take(free.findIndex((other) => key(other) === key(entry) && same(entry, other))));
  const repeats: [number, number][] = [];
  file.forEach((entry, index) => {
    if (matched[index]) return;
    const earlier = file.findIndex((other, at) => at < index && key(other) === key(entry) && same(entry, other));
    if (earlier >= 0) repeats.push([index, earlier]);
    else matched[index] = take(free.findIndex((other) => key(other) === key(entry)));
  });
  return { matched, repeats };
}

/**
 * 'Clientes': one row a branch or a contact; the rows of one RFC (or, without it, of one
 * razón social) are one customer, whose fields come from its first row. Each customer is
 * checked by the customer form's schema; a stored one is found by its RFC, else its razón
 * social. Branches and contacts are added or corrected, never removed.
 */
export const customersImport: ImportKindHandler<CustomerPlan[]> = {
  kind: 'customers',
  entity: 'companies',

  async check(db, fileRows) {
    const issues: RowIssue[] = [];
    const pause = pauses();
    const groups = new Map<
      string,
      {
        first: FileRow;
        rows: number[];
        values: Record<CompanyField, unknown>;
        branches: [FileRow, { name: string; address: string }][];
        contacts: [FileRow, Record<string, string | null>][];
      }
    >();
    for (const row of fileRows) {
      await pause();
      const read = reader(issues, row);
      const values: Record<CompanyField, unknown> = {
        name: cellText(row.cell('name')),
        razon_social: cellText(row.cell('razon_social')),
        rfc: cellText(row.cell('rfc'))?.toUpperCase() ?? null,
        credit_days: row.has('credit_days') ? read('credit_days', cellInteger) : null,
        delivery_address: cellText(row.cell('delivery_address')),
        delivery_references: cellText(row.cell('delivery_references')),
        delivery_time: cellText(row.cell('delivery_time')),
        regimen_fiscal: fiscalKeyCell(row.cell('regimen_fiscal')),
        cp_fiscal: postalCodeCell(row.cell('cp_fiscal')),
      };
      const identity = values.rfc
        ? `rfc:${values.rfc as string}`
        : values.razon_social
          ? `name:${sameName(String(values.razon_social))}`
          : null;
      if (identity === null) {
        issues.push({ row: row.number, field: 'razon_social', message: text.required });
        continue;
      }
      let group = groups.get(identity);
      if (!group) {
        group = { first: row, rows: [row.number], values, branches: [], contacts: [] };
        groups.set(identity, group);
      } else {
        group.rows.push(row.number);
        for (const field of COMPANY_FIELDS) {
          const value = values[field];
          if (value !== null && value !== group.values[field]) {
            if (group.values[field] === null) group.values[field] = value;
            else issues.push({ row: row.number, field, message: text.differsFromRow(group.first.number) });
          }
        }
      }
      const branchName = cellText(row.cell('branch_name'));
      const branchAddress = cellText(row.cell('branch_address'));
      if (branchName !== null || branchAddress !== null)
        group.branches.push([row, { name: branchName ?? '', address: branchAddress ?? '' }]);
      const contactName = cellText(row.cell('contact_name'));
      const contact = {
        name: contactName,
        last: cellText(row.cell('contact_last')),
        phone: cellText(row.cell('contact_phone')),
        email: cellText(row.cell('contact_email')),
      };
      if (contactName !== null || contact.last !== null || contact.phone !== null || contact.email !== null)
        group.contacts.push([row, contact]);
    }

    const stored = await rowsInPages<StoredCompany>(
      db,
      (after) =>
        sql`SELECT id, name, razon_social, rfc, credit_days, delivery_address, delivery_references, delivery_time, regimen_fiscal, cp_fiscal FROM companies
          WHERE deleted_at IS NULL AND id > ${after} ORDER BY id`,
    );
    const byRfc = new Map<string, StoredCompany>();
    const byName = new Map<string, StoredCompany[]>();
    for (const company of stored) {
      if (company.rfc) byRfc.set(company.rfc.toUpperCase(), company);
      const key = sameName(company.razon_social);
      byName.set(key, [...(byName.get(key) ?? []), company]);
    }
    const branchesOf = new Map<number, StoredBranch[]>();
    for (const branch of await rowsInPages<StoredBranch>(
      db,
      (after) => sql`SELECT id, company_id, name, address FROM company_branches WHERE id > ${after} ORDER BY id`,
    ))
      branchesOf.set(branch.company_id, [...(branchesOf.get(branch.company_id) ?? []), branch]);
    const contactsOf = new Map<number, StoredContact[]>();
    for (const contact of await rowsInPages<StoredContact>(
      db,
      (after) => sql`SELECT id, company_id, name, last, phone, email FROM contacts WHERE id > ${after} ORDER BY id`,
    ))
      contactsOf.set(contact.company_id, [...(contactsOf.get(contact.company_id) ?? []), contact]);

    const fields = COMPANY_FIELDS.filter((field) => fileRows[0]?.has(field));
    const plan: CustomerPlan[] = [];
    let branchCount = 0;
    let contactCount = 0;
    // A customer with a row already in error is not counted as created or updated.
    const rowsInError = new Set(issues.map((issue) => issue.row));
    for (const group of groups.values()) {
      await pause();
      if (group.values.razon_social === null) {
        issues.push({ row: group.first.number, field: 'razon_social', message: text.required });
        continue;
      }
      const draft = {
        ...group.values,
        // As the template says: an empty Nombre is the razón social (never the other way: that is the invoices' name).
        name: group.values.name ?? group.values.razon_social,
        razon_social: group.values.razon_social,
        credit_days: group.values.credit_days ?? 0,
        branches: group.branches.map(([, branch]) => branch),
        contacts: group.contacts.map(([, contact]) => ({ ...contact, last: contact.last ?? '' })),
      };
      const parsed = companyInputSchema.safeParse(draft);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [head, index, field] = issue.path as [string, number?, string?];
          if (head === 'branches' && typeof index === 'number')
            issues.push({
              row: group.branches[index]?.[0].number ?? group.first.number,
              field: field === 'address' ? 'branch_address' : 'branch_name',
              message: issue.message,
            });
          else if (head === 'contacts' && typeof index === 'number')
            issues.push({
              row: group.contacts[index]?.[0].number ?? group.first.number,
              field: `contact_${field ?? 'name'}`,
              message: issue.message,
            });
          else issues.push({ row: group.first.number, field: head ?? null, message: issue.message });
        }
        continue;
      }
      const input = parsed.data;
      // The fiscal data checked together as the SAT would, as the customer form's save checks it.
      const fiscal = receiverProblems({
        rfc: input.rfc,
        razon_social: input.razon_social,
        regimen_fiscal: input.regimen_fiscal,
        cp_fiscal: input.cp_fiscal,
      });
      const fiscalIssues = Object.entries(fiscal).map(([field, message]) => ({ row: group.first.number, field, message }));
      if (fiscalIssues.length > 0) {
        issues.push(...fiscalIssues);
        continue;
      }
      if (group.rows.some((number) => rowsInError.has(number))) continue;
      branchCount += input.branches.length;
      contactCount += input.contacts.length;
      let existing: StoredCompany | null = input.rfc ? (byRfc.get(input.rfc) ?? null) : null;
      if (!existing) {
        const named = byName.get(sameName(input.razon_social)) ?? [];
        if (named.length > 1 && !input.rfc) {
          issues.push({ row: group.first.number, field: 'razon_social', message: text.customerAmbiguous(input.razon_social) });
          continue;
        }
        existing = named.length === 1 && (!input.rfc || !named[0]!.rfc) ? named[0]! : null;
      }
      const entry: CustomerPlan = {
        input,
        fields,
        existing,
        changed: false,
        newBranches: [],
        branchAddresses: [],
        newContacts: [],
        contactChanges: [],
      };
      if (existing) entry.changed = fields.some((field) => (existing[field] ?? null) !== (input[field] ?? null));
      const branches = matchStored(input.branches, existing ? (branchesOf.get(existing.id) ?? []) : [], branchKey, sameBranch);
      const people = matchStored(input.contacts, existing ? (contactsOf.get(existing.id) ?? []) : [], contactKey, sameContact);
      const repeated = [
        ...branches.repeats.map(([index, of]) => ({ at: group.branches, index, of, field: 'branch_name' })),
        ...people.repeats.map(([index, of]) => ({ at: group.contacts, index, of, field: 'contact_name' })),
      ];
      for (const { at, index, of, field } of repeated)
        issues.push({ row: at[index]![0].number, field, message: text.repeatedInFile(at[of]![0].number) });
      if (repeated.length > 0) continue;
      input.branches.forEach((branch, index) => {
        const same = branches.matched[index];
        if (!same) entry.newBranches.push(branch);
        else if (same.address !== branch.address) entry.branchAddresses.push({ id: same.id, address: branch.address });
      });
      input.contacts.forEach((contact, index) => {
        const same = people.matched[index];
        if (!same) entry.newContacts.push(contact);
        else if (!sameContact(contact, same)) entry.contactChanges.push({ id: same.id, phone: contact.phone, email: contact.email });
      });
      plan.push(entry);
    }
    const isUpdate = (entry: CustomerPlan) =>
      entry.existing !== null &&
      (entry.changed ||
        entry.newBranches.length + entry.branchAddresses.length + entry.newContacts.length + entry.contactChanges.length > 0);
    return {
      plan,
      issues,
      create: plan.filter((entry) => entry.existing === null).length,
      update: plan.filter(isUpdate).length,
      unchanged: plan.filter((entry) => entry.existing !== null && !isUpdate(entry)).length,
      totals: [
        { label: text.totals.customers, value: plan.length, money: false },
        { label: text.totals.branches, value: branchCount, money: false },
        { label: text.totals.contacts, value: contactCount, money: false },
      ],
    };
  },

  async write(tx, plan, { userId }) {
    const now = new Date().toISOString();
    const created = plan.filter((entry) => entry.existing === null);
    await inChunks(created, async (chunk) => {
      const ids = await tx
        .insert(companies)
        .values(
          chunk.map(({ input }) => ({
            name: input.name,
            razon_social: input.razon_social,
            rfc: input.rfc,
            credit_days: input.credit_days,
            delivery_address: input.delivery_address,
            delivery_references: input.delivery_references,
            delivery_time: input.delivery_time,
            regimen_fiscal: input.regimen_fiscal,
            cp_fiscal: input.cp_fiscal,
            created_by_user_id: userId,
            // Brought in by the office from its own records: nothing to check as a counter's new customer would be.
            verified_at: now,
            verified_by_user_id: userId,
          })),
        )
        .returning({ id: companies.id });
      chunk.forEach((entry, index) => (entry.existing = { id: ids[index]!.id } as StoredCompany));
    });
    for (const entry of plan) {
      const companyId = entry.existing!.id;
      if (entry.changed && !created.includes(entry)) {
        const values = Object.fromEntries(entry.fields.map((field) => [field, entry.input[field]]));
        await tx
          .update(companies)
          .set({ ...values, updated_at: now })
          .where(eq(companies.id, companyId));
      }
      for (const change of entry.branchAddresses)
        await tx.update(companyBranches).set({ address: change.address }).where(eq(companyBranches.id, change.id));
      for (const change of entry.contactChanges)
        await tx.update(contacts).set({ phone: change.phone, email: change.email }).where(eq(contacts.id, change.id));
    }
    const branches = plan.flatMap((entry) =>
      entry.newBranches.map((branch) => ({ company_id: entry.existing!.id, name: branch.name, address: branch.address })),
    );
    await inChunks(branches, (chunk) => tx.insert(companyBranches).values(chunk));
    const people = plan.flatMap((entry) =>
      entry.newContacts.map((contact) => ({
        company_id: entry.existing!.id,
        name: contact.name,
        last: contact.last,
        phone: contact.phone,
        email: contact.email,
      })),
    );
    await inChunks(people, (chunk) => tx.insert(contacts).values(chunk));
  },

  async exportRows(db) {
    const stored = await rows<
      StoredCompany & {
        branches: { name: string; address: string }[];
        people: { name: string; last: string; phone: string | null; email: string | null }[];
      }
    >(
      db,
      sql`SELECT c.id, c.name, c.razon_social, c.rfc, c.credit_days, c.delivery_address, c.delivery_references, c.delivery_time,
        c.regimen_fiscal, c.cp_fiscal,
        coalesce((SELECT json_agg(json_build_object('name', b.name, 'address', b.address) ORDER BY b.id) FROM company_branches b WHERE b.company_id = c.id), '[]') AS branches,
        coalesce((SELECT json_agg(json_build_object('name', p.name, 'last', p.last, 'phone', p.phone, 'email', p.email) ORDER BY p.id) FROM contacts p WHERE p.company_id = c.id), '[]') AS people
        FROM companies c WHERE c.deleted_at IS NULL ORDER BY c.razon_social, c.id`,
    );
    return stored.flatMap((company) =>
      Array.from({ length: Math.max(1, company.branches.length, company.people.length) }, (_, index) => ({
        name: company.name,
        razon_social: company.razon_social,
        rfc: company.rfc,
        credit_days: company.credit_days,
        delivery_address: company.delivery_address,
        delivery_references: company.delivery_references,
        delivery_time: company.delivery_time,
        regimen_fiscal: company.regimen_fiscal,
        cp_fiscal: company.cp_fiscal,
        branch_name: company.branches[index]?.name ?? null,
        branch_address: company.branches[index]?.address ?? null,
        contact_name: company.people[index]?.name ?? null,
        contact_last: company.people[index]?.last || null,
        contact_phone: company.people[index]?.phone ?? null,
        contact_email: company.people[index]?.email ?? null,
      })),
    );
  },
};
