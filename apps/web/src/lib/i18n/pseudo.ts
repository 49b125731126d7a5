import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Catalog } from './load.ts';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/** A word this long or longer becomes a compound, as German writes "Nutzungsbedingungen". */
const COMPOUND_FROM = 11;

function accent(word: string): string {
  return word.replace(/[A-Za-z]/g, (ch) => {
    const accented = ACCENTED[ch] ?? ch;
    return /[aeiouAEIOU]/.test(ch) ? accented + accented.toLowerCase() : accented;
  });
}

/**
 * "Sign in" → "Šíígñ ííñ": accented, every vowel doubled (about 35 % longer). A long word is
 * written twice with no break ("Notifications" → "Ñóótíífííçáátííóóñšñóótíífííçáátííóóñš"),
 * so a layout that cannot wrap a 40-letter compound shows it as an overflow.
 */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) =>
    word.length >= COMPOUND_FROM ? accent(word) + accent(word.toLowerCase()) : accent(word),
  );
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/**
 * The pseudo-locale, generated from the English catalogs (precompiled: the ICU AST): only the
 * literal text changes, never an argument, plural or tag, so every message still formats.
 */
export function pseudoMessages(messages: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [
      id,
      typeof message === 'string' ? pseudoText(message) : pseudoElements(message),
    ]),
  );
}
