// Finds every GraphQL document the server can send by reading its source: each is a `gql`
// tagged template (the platform client takes nothing else), and a substitution in one may only
// name another `gql` constant, of the same file or imported from one, which is put in its place
// as the tag does at run time. Anything the scan cannot read for certain is reported as a
// problem, never skipped: a substitution that is not such a name, a tagged document that does
// not parse, and GraphQL written in a plain string where the tag is missing.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse, type DocumentNode } from 'graphql';
import ts from 'typescript';

export interface ServerDocument {
  /** Where it is written: `src/orders/platform-orders.ts:42`. */
  where: string;
  text: string;
  document: DocumentNode;
}

export interface ScanResult {
  documents: ServerDocument[];
  /** What could not be read: each names its place and why. */
  problems: string[];
}

const TAG = 'gql';
/** Text that reads as a GraphQL operation or fragment. */
const LOOKS_LIKE_GRAPHQL =
  /^\s*(?:(?:query|mutation|subscription)\b\s*[A-Za-z_]\w*\s*[({@]|(?:query|mutation)\s*[({]|fragment\s+\w+\s+on\s)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isGqlTagged(node: ts.Node): node is ts.TaggedTemplateExpression {
  return ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === TAG;
}

/** Scans every non-test TypeScript file under `srcDir`. */
export function scanServerDocuments(srcDir: string): ScanResult {
  const root = dirname(srcDir);
  const files = new Map<string, ts.SourceFile>();
  const sourceOf = (path: string) => {
    let file = files.get(path);
    if (!file) {
      file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      files.set(path, file);
    }
    return file;
  };
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(root, file.fileName)}:${line + 1}`;
  };
  const problems: string[] = [];
  const documents: ServerDocument[] = [];

  /** The `gql` template a name stands for, in its file or the relative module it is imported from. */
  function resolveName(name: ts.Identifier): ts.TaggedTemplateExpression | string {
    const file = name.getSourceFile();
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && decl.name.text === name.text) {
            if (decl.initializer && isGqlTagged(decl.initializer)) return decl.initializer;
            return `${name.text} is not a ${TAG} constant`;
          }
        }
      }
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const bindings = statement.importClause?.namedBindings;
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        const spec = bindings.elements.find((e) => e.name.text === name.text);
        if (!spec) continue;
        const from = statement.moduleSpecifier.text;
        if (!from.startsWith('.')) return `${name.text} comes from a package, not the server`;
        const path = resolve(dirname(file.fileName), from).replace(/\.js$/, '.ts');
        const exported = ts.factory.createIdentifier((spec.propertyName ?? spec.name).text);
        const target = sourceOf(path);
        const local = target.statements
          .filter(ts.isVariableStatement)
          .flatMap((s) => s.declarationList.declarations)
          .find((d) => ts.isIdentifier(d.name) && d.name.text === exported.text);
        if (local?.initializer && isGqlTagged(local.initializer)) return local.initializer;
        return `${name.text} is not a ${TAG} constant of ${relative(root, path)}`;
      }
    }
    return `${name.text} is not declared in its file`;
  }

  /** The text the tag builds, or why it cannot be known from the source. */
  function textOf(node: ts.TaggedTemplateExpression, seen: Set<ts.Node>): string | string[] {
    if (seen.has(node)) return [`${where(node)}: a ${TAG} document includes itself`];
    const template = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
    let text = template.head.text;
    const errors: string[] = [];
    for (const span of template.templateSpans) {
      if (!ts.isIdentifier(span.expression)) {
        errors.push(`${where(span.expression)}: a ${TAG} substitution must name a ${TAG} constant`);
        continue;
      }
      const target = resolveName(span.expression);
      if (typeof target === 'string') {
        errors.push(`${where(span.expression)}: ${target}`);
        continue;
      }
      const inner = textOf(target, new Set([...seen, node]));
      if (Array.isArray(inner)) errors.push(...inner);
      else text += inner;
      text += span.literal.text;
    }
    return errors.length > 0 ? errors : text;
  }

  /** Whether the file takes `gql` from the server's own tag module, not another library's. */
  const importsOurTag = (file: ts.SourceFile) =>
    file.statements.some(
      (s) =>
        ts.isImportDeclaration(s) &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        /(^|\/)gql\.js$/.test(s.moduleSpecifier.text) &&
        s.importClause?.namedBindings !== undefined &&
        ts.isNamedImports(s.importClause.namedBindings) &&
        s.importClause.namedBindings.elements.some((e) => e.name.text === TAG && !e.propertyName),
    );

  function visit(node: ts.Node) {
    if (isGqlTagged(node) && !importsOurTag(node.getSourceFile())) {
      problems.push(`${where(node)}: ${TAG} is not the server's tag (platform/gql.ts)`);
      return;
    }
    if (isGqlTagged(node)) {
      const text = textOf(node, new Set());
      if (Array.isArray(text)) {
        problems.push(...text);
      } else {
        try {
          documents.push({ where: where(node), text, document: parse(text) });
        } catch (error) {
          problems.push(`${where(node)}: does not parse: ${String(error)}`);
        }
      }
      return;
    }
    const plain =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    if (plain !== null && LOOKS_LIKE_GRAPHQL.test(plain)) {
      problems.push(`${where(node)}: GraphQL written without the ${TAG} tag`);
    }
    ts.forEachChild(node, visit);
  }

  for (const path of sourceFiles(srcDir)) visit(sourceOf(path));
  return { documents, problems };
}
