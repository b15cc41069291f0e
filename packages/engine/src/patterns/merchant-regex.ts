// The one place a merchant's pattern (a custom user-agent pattern, a URL Blocker regex or glob,
// an auto-cancel "matches" condition) becomes a test. Every such pattern runs on re2js, a
// JavaScript port of RE2: it matches in time linear in the input whatever the pattern, so no
// pattern a merchant saves can stall the server's or the firewall's event loop on a crafted
// user agent, path or email. An expression is read as JavaScript syntax (regex-syntax.ts,
// then re2js's translation of it) and compared without regard to case, as before: `\s`, `\S`
// and `.` keep their JavaScript meaning (Unicode spaces; any character but a line end), which
// RE2's differ from. What RE2 has no meaning for (lookaround, backreferences, a repeat count
// over 1000) is refused with a message naming it. Compiling one takes about a quarter of a
// millisecond and holds some 16 KB once used, so compiled patterns are kept by their source
// and shared: a policy rebuilt after one change, or another shop with the same pattern,
// compiles only what is new.
import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';
import { regexSyntaxProblem, regexTokens, type PatternSubject } from './regex-syntax.js';

/** JavaScript's white space, as `\s` matches it. */
const SPACES =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** The expression with `\s`, `\S` (outside a class) and `.` written out as JavaScript reads them. */
function withJavaScriptClasses(source: string): string {
  return regexTokens(source)
    .map(({ text, inClass }) => {
      if (text === '\\s') return inClass ? SPACES : `[${SPACES}]`;
      if (inClass) return text;
      if (text === '\\S') return `[^${SPACES}]`;
      return text === '.' ? '[^\\n\\r\\u2028\\u2029]' : text;
    })
    .join('');
}

/** Tests a text against a compiled pattern. */
export type PatternTest = (text: string) => boolean;

/** What one compiled pattern holds once it has run, roughly, for the policies' size. */
export const COMPILED_PATTERN_BYTES = 16_000;

/** Compiled patterns kept, by flags and RE2 source (about 16 MB when full). */
const COMPILED_KEPT = 1000;
const kept = new LRUCache<string, RE2JS>({ max: COMPILED_KEPT });

/** The compiled pattern of an RE2 source, kept for the next policy that has it. */
function compiled(source: string, flags: number): RE2JS {
  const key = `${flags}:${source}`;
  let re = kept.get(key);
  if (re === undefined) {
    re = RE2JS.compile(source, flags);
    kept.set(key, re);
  }
  return re;
}

/** The expression's test (found anywhere, case-insensitive), or why it is refused. */
export function compileMerchantRegex(
  source: string,
  subject: PatternSubject,
): { test: PatternTest } | { problem: string } {
  const problem = regexSyntaxProblem(source, subject);
  if (problem !== null) return { problem };
  try {
    const re = compiled(
      RE2JS.translateRegExp(withJavaScriptClasses(source)),
      RE2JS.CASE_INSENSITIVE,
    );
    return { test: (text) => re.test(text) };
  } catch (error) {
    // Whatever re2js throws on a pattern is the pattern's problem: compile never throws.
    const why = (error as Error).message.replace(/^error parsing regexp: /, '');
    return { problem: `"${source}" cannot be used in ${subject.patterns} (${why})` };
  }
}

/**
 * A glob's test of a whole text: `**` stands for any run of characters, `*` for any run
 * without `/`, everything else for itself, compared as given (callers lower-case both sides).
 */
export function compileGlob(glob: string): PatternTest {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        source += '.*';
        i++;
      } else source += '[^/]*';
    } else source += c.replace(/[.+?^${}()|[\]\\/*]/g, '\\$&');
  }
  const re = compiled(source, RE2JS.DOTALL);
  return (text) => re.testExact(text);
}
