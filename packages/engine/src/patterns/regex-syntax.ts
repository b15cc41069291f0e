// The first check of a merchant's regular expression, light enough for the admin's live
// validation (no dependencies): it must be valid JavaScript syntax, and it must not use what a
// regular expression engine without backtracking cannot run: lookahead, lookbehind and
// backreferences. The engine's own compile (merchant-regex.ts) runs this check first and then
// the linear-time engine's, which refuses the few remaining constructs it has no meaning for.

/** What a refused expression is about, in its messages. */
export interface PatternSubject {
  /** "user-agent patterns", "URL patterns", "filter patterns" */
  patterns: string;
}

export const AGENT_PATTERNS: PatternSubject = { patterns: 'user-agent patterns' };
export const URL_PATTERNS: PatternSubject = { patterns: 'URL patterns' };
export const FILTER_PATTERNS: PatternSubject = { patterns: 'filter patterns' };

/** A construct a linear-time engine cannot run, as the merchant knows it. */
type Unsupported = 'lookahead' | 'lookbehind' | 'backreference';

/** One piece of an expression: a character, or an escape with the character it escapes. */
export interface RegexToken {
  text: string;
  /** Inside a character class, brackets excluded. */
  inClass: boolean;
}

/** The expression's pieces, with where each stands: inside a character class or not. */
export function regexTokens(source: string): RegexToken[] {
  const tokens: RegexToken[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      tokens.push({ text: source.slice(i, i + 2), inClass });
      i++;
    } else if (inClass && c === ']') {
      inClass = false;
      tokens.push({ text: c, inClass: false });
    } else {
      tokens.push({ text: c, inClass });
      if (c === '[') inClass = true;
    }
  }
  return tokens;
}

/**
 * The first construct outside a character class that needs backtracking, or null. Escaped
 * characters and classes are skipped whole, so `\(?=` and `[(?=]` are plain characters.
 */
export function unsupportedConstruct(source: string): Unsupported | null {
  const tokens = regexTokens(source);
  for (let i = 0; i < tokens.length; i++) {
    const { text, inClass } = tokens[i]!;
    if (inClass) continue;
    if (/^\\([1-9]|k)$/.test(text) && (text !== '\\k' || tokens[i + 1]?.text === '<')) {
      return 'backreference';
    }
    if (text === '(' && tokens[i + 1]?.text === '?') {
      const kind = (tokens[i + 2]?.text ?? '') + (tokens[i + 3]?.text ?? '');
      if (kind.startsWith('=') || kind.startsWith('!')) return 'lookahead';
      if (kind === '<=' || kind === '<!') return 'lookbehind';
    }
  }
  return null;
}

const EXPLAIN: Record<Unsupported, string> = {
  lookahead: 'lookahead, (?= or (?!,',
  lookbehind: 'lookbehind, (?<= or (?<!,',
  backreference: 'a backreference, like \\1 or \\k<name>,',
};

/**
 * Why the expression is refused before the engine reads it, or null: it must be valid
 * JavaScript syntax (compiled, never run) and use none of the constructs above.
 */
export function regexSyntaxProblem(
  source: string,
  subject: PatternSubject = AGENT_PATTERNS,
): string | null {
  try {
    new RegExp(source, 'i');
  } catch (error) {
    const why = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
    return `"${source}" is not a valid regular expression (${why})`;
  }
  const construct = unsupportedConstruct(source);
  if (construct !== null) {
    return `"${source}": ${EXPLAIN[construct]} is not supported in ${subject.patterns}`;
  }
  return null;
}
