import { refuse } from './errors.ts';

/** Strict percent-decoding: invalid UTF-8, a broken escape or a NUL byte is a 400 invalid_text. */
export function decodeComponent(raw: string, where: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw refuse.invalidText(`The ${where} is not valid percent-encoded UTF-8.`);
  }
  if (decoded.includes('\u0000')) throw refuse.invalidText(`The ${where} contains a NUL byte.`);
  return decoded;
}

export function checkPathText(pathname: string): void {
  decodeComponent(pathname, 'path');
}

export function isCleanPath(pathname: string): boolean {
  try {
    checkPathText(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The query as name/value pairs, decoded strictly (URLSearchParams would quietly turn invalid
 * UTF-8 into U+FFFD, which the spec forbids).
 */
export function decodeQueryPairs(search: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const piece of search.replace(/^\?/, '').split('&')) {
    if (piece === '') continue;
    const split = piece.indexOf('=');
    const rawName = split === -1 ? piece : piece.slice(0, split);
    const rawValue = split === -1 ? '' : piece.slice(split + 1);
    pairs.push([
      decodeComponent(rawName.replaceAll('+', ' '), 'query'),
      decodeComponent(rawValue.replaceAll('+', ' '), 'query'),
    ]);
  }
  return pairs;
}
