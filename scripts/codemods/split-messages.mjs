// Codemod: splits the one message catalogue domain/messages.ts (`export const messages =
// { login: {...}, shell: {...}, ... }`) into domain/messages/<file>.ts, one export per area
// (`export const loginMessages = {...} as const`), and rewrites every consumer to import
// only the areas it uses, from their file:
//
//   import { messages } from '../../domain/messages';   messages.login.title
//   import { loginMessages } from '../../domain/messages/login';   loginMessages.title
//
// Re-runnable on a tree where files have moved or new consumers appeared: consumers are
// found by scanning domain/, sync/, src/, server/, tests/, bench/ and scripts/ for imports
// that resolve to domain/messages(.ts), whatever their relative path. Each run:
//   1. if domain/messages.ts exists, writes domain/messages/<file>.ts from it (areas grouped
//      by GROUPS below; an area not listed gets its own kebab-case file) and deletes it;
//   2. reads the areas available from domain/messages/*.ts (`export const <area>Messages`);
//   3. rewrites each consumer of the old module; prints every file it wrote or deleted.
// On a tree already split it changes nothing and says so.
//
// Handled forms: messages.area(.key…), messages['area'], typeof messages.area,
// const { area, other: alias } = messages. Forms that need every area (messages passed as
// a whole, messages[expression], typeof messages, a rest element) get an explicit object of
// every area and a warning naming the place, so a person can narrow it.
//
// Usage: node scripts/codemods/split-messages.mjs [--dry-run]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..', '..');
const dryRun = process.argv.includes('--dry-run');
const OLD = path.join(root, 'domain', 'messages.ts');
const OLD_MODULE = path.join(root, 'domain', 'messages'); // the specifier's target without extension
const DIR = path.join(root, 'domain', 'messages');
const SCAN = ['domain', 'sync', 'src', 'server', 'tests', 'bench', 'scripts'];
const SELF = path.resolve(import.meta.filename);

/**
 * Areas that share a file: small ones loaded together anyway. Every other area gets its own
 * file, named after it in kebab-case (reportScreens → report-screens.ts).
 */
const GROUPS = {
  shell: {
    areas: ['shell', 'update', 'notFound', 'common', 'print'],
    about:
      'The app shell: what every signed-in screen shows around it (menu, top bar, connectivity), the update banner, the not-found page, the shared loading and error texts, and the print root. The login route loads these with its own (login.ts).',
  },
  'office-list': {
    areas: ['list', 'pager'],
    about:
      'What every office list shares (src/app/office-list/): toolbar, sort headers, filter drawer, and the pager of server-paged lists.',
  },
  api: {
    areas: ['api', 'query', 'idempotency', 'events'],
    about: "The API's errors that are not one feature's: authorization, query-string parameters, idempotency keys, the events stream.",
  },
  shippings: {
    areas: ['shippings', 'shippingDetails'],
    about: "The office shippings list and its detail panel (spec §2 'Shippings list' and 'Shipping detail panel').",
  },
};

/**
 * Keys that move to another area (`area.key` → area), so that a screen needs one area file
 * rather than two. The update banner, on the login route, showed one text of the sync area.
 * Consumers' `messages.area.key` follow the move; a key reached through an alias
 * (`const text = messages.sync; text.waitingToUpdate`) is not followed, and tsc says so.
 */
const MOVES = {
  'sync.waitingToUpdate': 'update',
};

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const exportName = (area) => `${area}Messages`;
const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const warnings = [];
const changes = [];
const warn = (file, node, text) => {
  const where = node ? `:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}` : '';
  warnings.push(`${rel(file)}${where}: ${text}`);
};
const pending = new Map(); // file → content written by this run (kept in memory on a dry run)
const read = (file) => pending.get(file) ?? readFileSync(file, 'utf8');
const write = (file, content) => {
  pending.set(file, content);
  if (!dryRun) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
};
const parse = (file, text) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : /\.m?js$|\.cjs$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );

// ---------------------------------------------------------------- 1. split domain/messages.ts

/** Lines after the first, dedented by `by` spaces (an area's object moves up one level). */
function dedent(text, by) {
  const [first, ...rest] = text.split('\n');
  const pad = ' '.repeat(by);
  return [first, ...rest.map((line) => (line.startsWith(pad) ? line.slice(by) : line.trimStart()))].join('\n');
}

function splitCatalogue() {
  const text = readFileSync(OLD, 'utf8');
  const sf = parse(OLD, text);
  let object;
  let header = '';
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'messages' || !declaration.initializer) continue;
      let init = declaration.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) object = init;
      const comments = ts.getLeadingCommentRanges(text, statement.pos) ?? [];
      header = comments.map((c) => text.slice(c.pos, c.end)).join('\n');
    }
  }
  if (!object) throw new Error(`${rel(OLD)}: no \`export const messages = { ... }\` found`);
  const others = sf.statements.filter(
    (s) => !(ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.initializer && d.name.getText() === 'messages')),
  );
  for (const s of others) warn(OLD, s, `left out of the split (not part of \`messages\`): ${s.getText().slice(0, 80)}`);

  const fileOfArea = new Map();
  for (const [file, group] of Object.entries(GROUPS)) for (const area of group.areas) fileOfArea.set(area, file);
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      throw new Error(`${rel(OLD)}: cannot split the member ${property.getText().slice(0, 60)}`);
    }
  }
  const areaObject = new Map(object.properties.map((p) => [p.name.text, p.initializer]));
  const edits = new Map(); // initializer → [{ start, end, text }] in file positions
  const edit = (init, start, end, replacement) => {
    if (!edits.has(init)) edits.set(init, []);
    edits.get(init).push({ start, end, text: replacement });
  };
  for (const [from, to] of Object.entries(MOVES)) {
    const [area, key] = from.split('.');
    const source = areaObject.get(area);
    const target = areaObject.get(to);
    const member =
      source && ts.isObjectLiteralExpression(source) ? source.properties.find((p) => p.name?.getText().replace(/['"]/g, '') === key) : null;
    if (!member || !target || !ts.isObjectLiteralExpression(target) || target.properties.length === 0) {
      warn(OLD, null, `cannot move ${from} to ${to}: ${member ? `no area ${to}` : `no ${from}`}; left where it is`);
      continue;
    }
    const removeEnd = text[member.end] === ',' ? member.end + 1 : member.end;
    edit(source, member.getFullStart(), removeEnd, '');
    const last = target.properties[target.properties.length - 1];
    const moved = text.slice(member.getFullStart(), member.end);
    if (text[last.end] === ',') edit(target, last.end + 1, last.end + 1, `${moved},`);
    else edit(target, last.end, last.end, `,${moved}`);
    changes.push(`moved ${from} to ${to}.${key}`);
  }

  const files = new Map(); // file → [{ area, code }]
  for (const property of object.properties) {
    const area = property.name.text;
    const comments = (ts.getLeadingCommentRanges(text, property.pos) ?? []).map((c) => text.slice(c.pos, c.end).replace(/\n {2}/g, '\n'));
    const init = property.initializer;
    const literal = ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init) || ts.isStringLiteral(init);
    let initText = init.getText();
    for (const e of (edits.get(init) ?? []).sort((a, b) => b.start - a.start)) {
      initText = initText.slice(0, e.start - init.getStart()) + e.text + initText.slice(e.end - init.getStart());
    }
    const value = dedent(initText, 2);
    const code = `${comments.map((c) => `${c}\n`).join('')}export const ${exportName(area)} = ${value}${literal ? ' as const' : ''};\n`;
    const file = fileOfArea.get(area) ?? kebab(area);
    if (!files.has(file)) files.set(file, []);
    files.get(file).push({ area, code });
  }
  const spec = /'[^']*'/.exec(header)?.[0];
  for (const [file, areas] of files) {
    const about = GROUPS[file]?.about ?? `The texts of ${areas.map((a) => a.area).join(', ')}.`;
    const lines = [
      about,
      'Every user-visible Spanish text lives in domain/messages/, one file per area, loaded with',
      `the screens that show it. Texts quoted by the product spec are used verbatim${spec ? `, including its spelling (${spec})` : ''}.`,
    ];
    const doc = `/**\n${wrap(lines.join(' '), 92)
      .map((l) => ` * ${l}`)
      .join('\n')}\n */\n`;
    const target = path.join(DIR, `${file}.ts`);
    const content = `${doc}${areas.map((a) => a.code).join('\n')}`;
    const before = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (before !== content) {
      write(target, content);
      changes.push(`${before === null ? 'created' : 'rewrote'} ${rel(target)} (${areas.map((a) => exportName(a.area)).join(', ')})`);
    }
  }
  if (!dryRun) rmSync(OLD);
  changes.push(`deleted ${rel(OLD)} (${object.properties.length} areas in ${files.size} files)`);
}

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------- 2. the areas available

/** area → absolute file (without extension), from `export const <area>Messages` in domain/messages/. */
function availableAreas() {
  const areas = new Map();
  const names = new Set(existsSync(DIR) ? readdirSync(DIR) : []);
  for (const file of pending.keys()) if (path.dirname(file) === DIR) names.add(path.basename(file));
  for (const name of [...names].sort()) {
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
    const file = path.join(DIR, name);
    const text = read(file);
    for (const match of text.matchAll(/^export const (\w+)Messages\b/gm)) {
      if (areas.has(match[1]))
        throw new Error(`${exportName(match[1])} is exported by both ${rel(areas.get(match[1]))}.ts and ${rel(file)}`);
      areas.set(match[1], file.replace(/\.tsx?$/, ''));
    }
  }
  return areas;
}

// ---------------------------------------------------------------- 3. rewrite the consumers

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (['node_modules', 'dist', '.tmp', 'test-results', 'playwright-report'].includes(entry.name) || full === DIR) continue;
      yield* sourceFiles(full);
    } else if (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== SELF && full !== OLD) {
      yield full;
    }
  }
}

/** The absolute target of a relative specifier without its extension, or null. */
function targetOf(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  return path.resolve(path.dirname(file), specifier).replace(/\.(ts|tsx|js|mjs|cjs|mts|cts)$/, '');
}

function specifierFor(file, target, oldSpecifier) {
  let spec = path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  const extension = /\.(ts|tsx|js|mjs|cjs|mts|cts)$/.exec(oldSpecifier)?.[0] ?? '';
  return spec + (extension === '.tsx' ? '.ts' : extension);
}

function rewriteConsumer(file, text, areas) {
  const sf = parse(file, text);
  const imports = sf.statements.filter(
    (s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && targetOf(file, s.moduleSpecifier.text) === OLD_MODULE,
  );
  // Anything else that names the old module: re-exports, dynamic imports, vi.mock(...).
  const visitOthers = (node) => {
    if (ts.isStringLiteralLike(node) && targetOf(file, node.text) === OLD_MODULE && !imports.some((i) => i.moduleSpecifier === node)) {
      warn(file, node, `still names the old module in \`${node.parent.getText().slice(0, 80)}\`: fix by hand`);
    }
    ts.forEachChild(node, visitOthers);
  };
  visitOthers(sf);
  if (imports.length === 0) return null;

  const program = ts.createProgram({
    rootNames: [file],
    options: { noResolve: true, noLib: true, allowJs: true, jsx: ts.JsxEmit.Preserve, types: [] },
    host: {
      ...ts.createCompilerHost({}),
      getSourceFile: (name) => (path.resolve(name) === path.resolve(file) ? sf : undefined),
      fileExists: (name) => path.resolve(name) === path.resolve(file),
      readFile: () => text,
    },
  });
  const checker = program.getTypeChecker();
  if (program.getSourceFile(file) !== sf) throw new Error(`${rel(file)}: could not bind`);

  const aliases = new Map(); // alias symbol → local name
  for (const declaration of imports) {
    const clause = declaration.importClause;
    const named = clause?.namedBindings;
    if (!clause || clause.name || !named || !ts.isNamedImports(named)) {
      warn(file, declaration, `an import of the old module that is not \`import { messages }\`: fix by hand`);
      return null;
    }
    for (const element of named.elements) {
      if ((element.propertyName ?? element.name).text !== 'messages') {
        warn(file, declaration, `imports \`${element.getText()}\` from the old module, which only exported \`messages\`: fix by hand`);
        return null;
      }
      aliases.set(checker.getSymbolAtLocation(element.name), element.name.text);
    }
  }
  const localNames = new Set(aliases.values());

  const used = new Map(); // area → { value: bool }
  const use = (area, typeOnly, node, counted = true) => {
    if (!areas.has(area)) {
      warn(file, node, `\`${area}\` is no area of domain/messages/: left as is`);
      return null;
    }
    const entry = used.get(area) ?? { value: false, count: 0 };
    entry.value ||= !typeOnly;
    if (counted) entry.count += 1;
    used.set(area, entry);
    return exportName(area);
  };
  const everyArea = (node, why) => {
    warn(file, node, `${why}: given an object of every area (imports all of them); narrow it by hand if it needs fewer`);
    return `({ ${[...areas.keys()].map((a) => `${a}: ${use(a, false, node, false)}`).join(', ')} })`;
  };
  const everyAreaType = (node, why) => {
    warn(file, node, `${why}: given a type of every area; narrow it by hand if it needs fewer`);
    return `{ ${[...areas.keys()].map((a) => `readonly ${a}: typeof ${use(a, true, node, false)}`).join('; ')} }`;
  };
  const literalKey = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);

  const edits = []; // { start, end, text }
  const isReference = (id) => {
    if (!localNames.has(id.text)) return false;
    const p = id.parent;
    if (ts.isImportSpecifier(p)) return false;
    if (ts.isShorthandPropertyAssignment(p) && p.name === id) return aliases.has(checker.getShorthandAssignmentValueSymbol(p));
    return aliases.has(checker.getSymbolAtLocation(id));
  };
  const visit = (node) => {
    if (ts.isIdentifier(node) && isReference(node)) {
      const p = node.parent;
      if (
        (ts.isPropertyAccessExpression(p) && p.expression === node && ts.isIdentifier(p.name)) ||
        (ts.isQualifiedName(p) && p.left === node)
      ) {
        let area = ts.isPropertyAccessExpression(p) ? p.name.text : p.right.text;
        const next = p.parent;
        const key =
          ts.isPropertyAccessExpression(next) && next.expression === p && ts.isIdentifier(next.name)
            ? next.name.text
            : ts.isQualifiedName(next) && next.left === p
              ? next.right.text
              : ts.isElementAccessExpression(next) && next.expression === p
                ? literalKey(next.argumentExpression)
                : null;
        area = MOVES[`${area}.${key}`] ?? area;
        const name = use(area, ts.isQualifiedName(p), p);
        if (name) edits.push({ start: node.getStart(), end: (ts.isPropertyAccessExpression(p) ? p.name : p.right).end, text: name });
      } else if (ts.isElementAccessExpression(p) && p.expression === node) {
        const area = literalKey(p.argumentExpression);
        if (area !== null) {
          const name = use(area, false, p);
          if (name) edits.push({ start: p.getStart(), end: p.end, text: name });
        } else edits.push({ start: node.getStart(), end: node.end, text: everyArea(p, `\`${p.getText()}\` picks an area at run time`) });
      } else if (ts.isTypeQueryNode(p) && p.exprName === node) {
        // (typeof messages)['area']
        let object = p;
        while (ts.isParenthesizedTypeNode(object.parent)) object = object.parent;
        const indexed = object.parent;
        const area =
          ts.isIndexedAccessTypeNode(indexed) && indexed.objectType === object && ts.isLiteralTypeNode(indexed.indexType)
            ? literalKey(indexed.indexType.literal)
            : null;
        if (area !== null) {
          const name = use(area, true, indexed);
          if (name) edits.push({ start: indexed.getStart(), end: indexed.end, text: `typeof ${name}` });
        } else edits.push({ start: p.getStart(), end: p.end, text: everyAreaType(p, '`typeof messages`') });
      } else if (
        ts.isVariableDeclaration(p) &&
        p.initializer === node &&
        ts.isObjectBindingPattern(p.name) &&
        !p.name.elements.some((e) => e.dotDotDotToken)
      ) {
        const parts = [];
        for (const element of p.name.elements) {
          const key = element.propertyName
            ? ts.isIdentifier(element.propertyName)
              ? element.propertyName.text
              : literalKey(element.propertyName)
            : element.name.getText();
          if (element.initializer)
            warn(
              file,
              element,
              `the default \`${element.initializer.getText()}\` of a destructured area was dropped (an area is always there)`,
            );
          const name = key === null ? null : use(key, false, element);
          parts.push(`${element.name.getText()} = ${name ?? `undefined /* ${element.getText()} */`}`);
        }
        edits.push({ start: p.getStart(), end: p.end, text: parts.join(', ') });
      } else if (ts.isShorthandPropertyAssignment(p)) {
        edits.push({ start: p.getStart(), end: p.end, text: `${node.text}: ${everyArea(p, 'the whole catalogue passed on')}` });
      } else {
        edits.push({
          start: node.getStart(),
          end: node.end,
          text: everyArea(p, `the whole catalogue used in \`${p.getText().slice(0, 60)}\``),
        });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  // New names must not collide with the file's own.
  const taken = new Set();
  const collect = (node) => {
    if (ts.isIdentifier(node)) taken.add(node.text);
    ts.forEachChild(node, collect);
  };
  for (const statement of sf.statements) if (!imports.includes(statement)) collect(statement);
  for (const edit of edits) for (const m of edit.text.matchAll(/\b\w+Messages\b/g)) taken.delete(m[0]);
  const clash = [...used.keys()].map(exportName).filter((name) => taken.has(name));
  if (clash.length) {
    warn(file, null, `already uses the name(s) ${clash.join(', ')}: not rewritten, fix by hand`);
    return null;
  }

  // The imports: one per area file, in the place of the first old import.
  const byFile = new Map();
  for (const [area, { value }] of [...used].sort(([a], [b]) => exportName(a).localeCompare(exportName(b)))) {
    const target = areas.get(area);
    if (!byFile.has(target)) byFile.set(target, []);
    byFile.get(target).push({ name: exportName(area), value });
  }
  const oldSpecifier = imports[0].moduleSpecifier.text;
  const statements = [...byFile]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([target, names]) => {
      const spec = specifierFor(file, target, oldSpecifier);
      if (names.every((n) => !n.value)) return `import type { ${names.map((n) => n.name).join(', ')} } from '${spec}';`;
      return `import { ${names.map((n) => (n.value ? n.name : `type ${n.name}`)).join(', ')} } from '${spec}';`;
    });
  imports.forEach((declaration, i) => {
    const replacement = i === 0 ? statements.join('\n') : '';
    // A removed import takes its line with it.
    const end = replacement === '' && text[declaration.end] === '\n' ? declaration.end + 1 : declaration.end;
    edits.push({ start: declaration.getStart(), end, text: replacement });
  });

  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  const summary =
    [...used]
      .filter(([, { count }]) => count > 0)
      .map(([area, { count }]) => `${exportName(area)}×${count}`)
      .join(', ') || (used.size ? 'every area (see the warnings)' : 'unused import removed');
  return { text: out, summary: summary || 'only the whole catalogue used' };
}

// ---------------------------------------------------------------- run

if (existsSync(OLD)) splitCatalogue();
const areas = availableAreas();
if (areas.size === 0) {
  console.error('No domain/messages.ts and no area in domain/messages/: nothing to split from.');
  process.exit(1);
}

let rewritten = 0;
for (const dir of SCAN) {
  for (const file of sourceFiles(path.join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('messages')) continue;
    const result = rewriteConsumer(file, text, areas);
    if (!result || result.text === text) continue;
    write(file, result.text);
    rewritten += 1;
    changes.push(`rewrote ${rel(file)}: ${result.summary}`);
  }
}

// The one prose mention of the old file that the docs of domain/ carry.
const readme = path.join(root, 'domain', 'README.md');
if (existsSync(readme)) {
  const text = readFileSync(readme, 'utf8');
  const next = text.replace("(`messages.ts`, the spec's texts verbatim)", "(`messages/`, one file per area, the spec's texts verbatim)");
  if (next !== text) {
    write(readme, next);
    changes.push(`rewrote ${rel(readme)}: messages.ts → messages/`);
  }
}

for (const line of changes) console.log(line);
console.log(
  changes.length
    ? `\n${rewritten} consumer file(s) rewritten${dryRun ? ' (dry run: nothing written)' : ''}.`
    : 'Nothing to change: domain/messages.ts is already split and no file imports it.',
);
if (warnings.length) {
  console.log(`\n${warnings.length} warning(s):`);
  for (const line of warnings) console.log(`  ${line}`);
}
