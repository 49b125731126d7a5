import { CLUB_IO_LIMITS, EMAIL_PATTERN } from '@townsquare/contracts';

/**
 * The member-list reader (decision 076): the CSV an organiser has, from whatever tool made it.
 *
 * - RFC 4180 records: a field in double quotes may hold the delimiter, line breaks and doubled
 *   quotes; a quote inside an unquoted field is kept as a character (spreadsheets write such
 *   files). A byte-order mark is dropped; CRLF, LF and CR all end a record.
 * - The delimiter is found, not assumed: `,`, `;` (Excel in German or French locales) or a tab
 *   (a paste from a spreadsheet), the one that splits the first records most consistently.
 * - Columns are found by their header, in any order, in English, German, Spanish and French, with
 *   case, spaces, punctuation and accents ignored. A file without a header works when its cells
 *   hold addresses; `Kim <kim@example.org>` in one cell is a name and an address.
 * - Contacts exported as vCards (Apple Contacts has no CSV export) are read as cards.
 *
 * Bounded, not off the loop (decision 076): the text is at most `csvMaxChars` (the body schema
 * refuses more), cut into fields in one pass, with no regular expression over more than one short
 * cell (the address test runs on at most 254 characters); records beyond `csvMaxRows + 1` are not
 * read at all, and the guesses (delimiter, an unnamed address column) look at a fixed prefix. Its
 * cost is linear in a size that is capped, unlike an iCalendar rule (decision 061), so a child
 * process would cost more than it saves.
 */

export interface MemberRow {
  /** The row's number in the file, as a spreadsheet numbers it (the header is row 1). */
  line: number;
  name: string;
  /** Lower-cased; '' when the row has no address at all. */
  email: string;
  valid: boolean;
}

/** How the columns were read, for the preview: the headers used (none for a file without one). */
export interface MemberColumns {
  email: string[];
  name: string[];
}

export type MemberCsv =
  | { kind: 'rows'; rows: MemberRow[]; columns: MemberColumns; tooMany: boolean }
  /** The file has a header but no column of addresses (`meetup`: it is a Meetup member export). */
  | { kind: 'no email column'; meetup: boolean }
  /** A binary workbook (xlsx: a zip; xls: an OLE2 file), read as text by mistake. */
  | { kind: 'workbook' };

const DELIMITERS = [',', ';', '\t'] as const;
/** Records, and characters, looked at to choose the delimiter. */
const SNIFF_RECORDS = 20;
const SNIFF_CHARS = 64 * 1024;
/** Rows looked at to find a column of addresses that no header names. */
const SNIFF_ROWS = 200;
/** Cells of a row without a header searched for its address (a hand-written list has two or three). */
const HEADERLESS_CELLS = 20;
/** Cells of a record kept; a wider row is a pasted document, not a member list. */
const MAX_CELLS = 200;

/**
 * Splits `text` into records of cells; stops after `maxRecords` records that hold something (blank
 * records are kept, so that rows keep their numbers, but do not count: a list with a blank line
 * between its members is read to the same number of members as one without). Each field is cut out
 * with `slice` (a quoted one between its quotes, found with `indexOf`), so one pass costs little
 * more than reading the text once.
 */
export function csvRecords(text: string, delimiter: string, maxRecords: number): string[][] {
  const records: string[][] = [];
  const n = text.length;
  if (n === 0) return records;
  let filled = 0;
  let record: string[] = [];
  let i = 0;
  const endOfField = (from: number) => {
    let e = from;
    while (e < n) {
      const c = text[e];
      if (c === delimiter || c === '\n' || c === '\r') break;
      e++;
    }
    return e;
  };
  for (;;) {
    // Spaces before an opening quote do not make the field unquoted (`a, "b, c"`).
    let start = i;
    while (start < n && text[start] === ' ') start++;
    let cell: string;
    if (start < n && text[start] === '"') {
      const parts: string[] = [];
      let from = start + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          // An unterminated quote runs to the end of the file.
          parts.push(text.slice(from));
          i = n;
          break;
        }
        parts.push(text.slice(from, quote));
        if (text[quote + 1] === '"') {
          parts.push('"');
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      // Text after the closing quote (`"Hopper, Grace" <g@x.org>`) is kept as written.
      const end = endOfField(i);
      cell = parts.join('') + text.slice(i, end);
      i = end;
    } else {
      // A quote inside an unquoted field is a character (`5" tall`).
      const end = endOfField(i);
      cell = text.slice(i, end);
      i = end;
    }
    if (record.length < MAX_CELLS) record.push(cell);
    if (i >= n) {
      records.push(record);
      return records;
    }
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    records.push(record);
    if (record.some((c) => c.trim() !== '')) filled++;
    record = [];
    if (filled >= maxRecords || i >= n) return records;
  }
}

/** The delimiter that gives the first records the same number of cells (more than one). */
export function detectDelimiter(text: string): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const widths = csvRecords(text.slice(0, SNIFF_CHARS), delimiter, SNIFF_RECORDS)
      .filter((r) => r.some((c) => c.trim() !== ''))
      .map((r) => r.length);
    if (widths.length === 0) continue;
    const first = widths[0] ?? 1;
    if (first < 2) continue;
    // Records as wide as the first, weighted by that width: `;` files whose names hold commas
    // split more consistently by `;`.
    const score = widths.filter((w) => w === first).length * 1000 + first;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** A header's words, compared without case, accents, spaces or punctuation. */
export const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Headers of a column of addresses, exactly (after `headerKey`). */
const EMAIL_HEADERS = new Set([
  'email',
  'mail',
  'emails',
  'emailaddress',
  'emailaddresses',
  'youremail',
  'youremailaddress',
  'primaryemail',
  'email1',
  'email1value',
  'emailvalue',
  'emailhome',
  'emailwork',
  // German
  'emailadresse',
  'mailadresse',
  'deineemailadresse',
  'ihreemailadresse',
  // French
  'courriel',
  'adressecourriel',
  'adressedecourriel',
  'adresseemail',
  'adressemail',
  'adresseelectronique',
  'adressedemessagerie',
  'votreadresseemail',
  // Spanish
  'correo',
  'correoelectronico',
  'direcciondecorreo',
  'direcciondecorreoelectronico',
  'direcciondeemail',
  'direccionemail',
  'tucorreo',
  'tucorreoelectronico',
]);

/**
 * Words that make an e-mail-ish header about something else (its type, consent, a date) or
 * someone else (who bought the ticket: Eventbrite's `Buyer Email` is not the attendee's).
 */
const NOT_AN_ADDRESS =
  /buyer|purchaser|order|billing|kaufer|besteller|acheteur|comprador|pref|typ|tipo|label|display|name|nom|list|optin|optout|optedin|status|consent|permission|verif|confirm|format|subscri|bounce|marketing|rating|date|time|changed|count|domain|client|sent|open|click/;

const isEmailHeader = (key: string) => EMAIL_HEADERS.has(key);
/** `E-mail 2 Address`, `Email (work)`, `Correo del trabajo`: an address column by its words. */
const isEmailishHeader = (key: string) =>
  /e?mail|courriel|correo|messagerie/.test(key) &&
  !NOT_AN_ADDRESS.test(key.replace(/^(e?mail|courriel|correo)/, ''));

/** A whole name; `name`/`nom` are the family name when a given-name column stands beside them. */
const FULL_NAME = new Set([
  'name',
  'fullname',
  'yourname',
  'yourfullname',
  'displayname',
  'contactname',
  'membername',
  'attendeename',
  'participant',
  'participantname',
  'vollername',
  'vollstandigername',
  'vorundnachname',
  'deinname',
  'ihrname',
  'anzeigename',
  'teilnehmer',
  'teilnehmername',
  'nom',
  'nomcomplet',
  'prenometnom',
  'nometprenom',
  'votrenom',
  'nomaffiche',
  'participantnom',
  'nombre',
  'nombrecompleto',
  'nombreyapellidos',
  'nombreyapellido',
  'tunombre',
  'nombreparticipante',
]);
const GIVEN_NAME = new Set([
  'firstname',
  'first',
  'givenname',
  'forename',
  'vorname',
  'prenom',
  'nombredepila',
  'billingfirstname',
]);
const MIDDLE_NAME = new Set([
  'middlename',
  'additionalname',
  'zweitervorname',
  'weiterevornamen',
  'deuxiemeprenom',
  'autresprenoms',
  'segundonombre',
]);
const FAMILY_NAME = new Set([
  'lastname',
  'last',
  'surname',
  'familyname',
  'nachname',
  'familienname',
  'nomdefamille',
  'apellido',
  'apellidos',
  'primerapellido',
  'billinglastname',
]);
/** Second family name (Spanish `Segundo apellido`): after the first. */
const SECOND_FAMILY = new Set(['segundoapellido']);
/** When a given name stands beside them, these name the family (`Vorname`+`Name`, `Prénom`+`Nom`, `Nombre`+`Apellidos`). */
const FAMILY_WITH_GIVEN = new Set(['name', 'nom']);
const GIVEN_WITH_FAMILY = new Set(['nombre']);
/** A Meetup member export: it names members and profiles, never addresses. */
const MEETUP_HEADERS = new Set([
  'memberid',
  'urlofmemberprofile',
  'joinedgroupon',
  'lastvisitedgroupon',
  'meetupsattended',
]);

/** A form's question for the name: "What's your name?", "Wie heißt du?" is not matched, "Ihr Name" is. */
const ASKED_NAME =
  /(your|ihr|dein|votre|ton|tu|su)(full|vollstandiger|complet|completo)?(name|nom|nombre)(complet|completo)?$/;
const NICKNAME = new Set(['nickname', 'spitzname', 'surnom', 'apodo']);

/** Cells that are no one's name: placeholders, dates, times, numbers. */
const PLACEHOLDER = new Set([
  '',
  '-',
  '--',
  'na',
  'n/a',
  'none',
  'null',
  'unknown',
  '?',
  'nn',
  'keine',
  'aucun',
  'ninguno',
]);
// The pattern runs on short cells only (it would backtrack on a long one); a long cell is a name.
const notAName = (text: string) =>
  PLACEHOLDER.has(text.toLowerCase()) ||
  (text.length <= 40 && /^[\d\s:./\\\-+,TZ]*(?:[AaPp]\.?[Mm]\.?)?[\d\s:./\\\-+,TZ]*$/.test(text));

const ANGLE = /^(.*?)<\s*(?:mailto:)?([^<>\s]{1,254})\s*>\s*$/i;
/** `Kim <kim@example.org>` → name and address; a bare address → no name. The angle pattern runs on short cells only. */
export function splitAddress(cell: string): { name: string; email: string } {
  const text = cell.trim();
  const angle = text.length <= 400 ? ANGLE.exec(text) : null;
  if (angle) {
    const name = (angle[1] ?? '')
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
    return { name, email: (angle[2] ?? '').toLowerCase() };
  }
  // Google Contacts joins a label's several addresses with " ::: "; the first is the one.
  const [one = ''] = text.split(' ::: ');
  return {
    name: '',
    email: one
      .trim()
      .replace(/^mailto:/i, '')
      .toLowerCase(),
  };
}

const isAddress = (email: string) => email.length <= 254 && EMAIL_PATTERN.test(email);
/** A cell that holds an address (alone, or as `Name <address>`). */
const holdsAddress = (cell: string) => {
  const at = cell.lastIndexOf('@');
  // Cheap refusals first: no '@', or no dot after the last one (every address has a domain).
  if (at < 0 || cell.indexOf('.', at) < 0) return false;
  return isAddress(splitAddress(cell).email);
};

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const nameOf = (...parts: (string | undefined)[]) => {
  const words = parts.map((p) => flat(p ?? '')).filter((p) => !notAName(p));
  return words.join(' ');
};

interface Layout {
  email: number[];
  full: number[];
  given: number[];
  middle: number[];
  family: number[];
}

function layoutOf(header: string[]): Layout & { meetup: boolean; known: boolean } {
  const keys = header.map(headerKey);
  const has = (set: Set<string>) => keys.some((k) => set.has(k));
  const givenPresent = has(GIVEN_NAME);
  const familyPresent = has(FAMILY_NAME);
  const exact = keys.flatMap((k, i) => (isEmailHeader(k) ? [i] : []));
  const loose = keys.flatMap((k, i) => (!isEmailHeader(k) && isEmailishHeader(k) ? [i] : []));
  const layout: Layout = { email: [...exact, ...loose], full: [], given: [], middle: [], family: [] };
  keys.forEach((k, i) => {
    if (GIVEN_NAME.has(k) || (GIVEN_WITH_FAMILY.has(k) && familyPresent)) layout.given.push(i);
    else if (MIDDLE_NAME.has(k)) layout.middle.push(i);
    else if (FAMILY_NAME.has(k) || (FAMILY_WITH_GIVEN.has(k) && givenPresent && !familyPresent))
      layout.family.push(i);
    else if (SECOND_FAMILY.has(k)) layout.family.push(i);
    else if (FULL_NAME.has(k)) layout.full.push(i);
  });
  // Lower down: a question that asks for the name (Typeform, Microsoft Forms), then a nickname
  // (Google Groups has no other name).
  if (layout.full.length === 0)
    keys.forEach((k, i) => {
      if (ASKED_NAME.test(k)) layout.full.push(i);
    });
  if (layout.full.length + layout.given.length + layout.family.length === 0)
    keys.forEach((k, i) => {
      if (NICKNAME.has(k)) layout.full.push(i);
    });
  const named = layout.full.length + layout.given.length + layout.family.length > 0;
  return { ...layout, meetup: has(MEETUP_HEADERS), known: named || layout.email.length > 0 };
}

/** A zip (xlsx) or OLE2 (xls) file's first bytes, as UTF-8 or Windows-1252 decoding leaves them. */
const WORKBOOK_SIGNATURES = ['PK\u0003\u0004', '\u00D0\u00CF\u0011\u00E0', '\uFFFD\uFFFD\u0011\uFFFD'];

const unescapeVcard = (value: string) =>
  value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c));

/**
 * Contacts as vCards (RFC 6350 and 2426; Apple Contacts exports only these, "Export vCard…"):
 * each card's FN (else N) and its preferred, else first, EMAIL. Folded lines are joined; Apple's
 * grouped properties (`item1.EMAIL`) count. `line` is the line of the card's BEGIN.
 */
function readVcards(text: string): MemberCsv {
  const lines: { line: number; text: string }[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const last = lines.at(-1);
    if (last && (raw.startsWith(' ') || raw.startsWith('\t'))) last.text += raw.slice(1);
    else lines.push({ line: i + 1, text: raw });
  });
  const rows: MemberRow[] = [];
  let card: { line: number; fn: string; n: string; emails: { email: string; pref: boolean }[] } | null = null;
  for (const { line, text: raw } of lines) {
    const colon = raw.indexOf(':');
    if (colon < 0) continue;
    const [property = '', ...params] = raw.slice(0, colon).toUpperCase().split(';');
    const name = property.replace(/^[A-Z0-9-]+\./, '');
    const value = raw.slice(colon + 1);
    if (name === 'BEGIN' && value.trim().toUpperCase() === 'VCARD')
      card = { line, fn: '', n: '', emails: [] };
    else if (!card) continue;
    else if (name === 'END') {
      const chosen = card.emails.find((e) => e.pref) ?? card.emails[0];
      const email = chosen ? splitAddress(chosen.email).email : '';
      rows.push({ line: card.line, name: card.fn || card.n, email, valid: isAddress(email) });
      card = null;
      if (rows.length > CLUB_IO_LIMITS.csvMaxRows) break;
    } else if (name === 'FN') card.fn = nameOf(unescapeVcard(value));
    else if (name === 'N') {
      const [family, given, middle] = value.split(';').map(unescapeVcard);
      card.n = nameOf(given, middle, family);
    } else if (name === 'EMAIL')
      card.emails.push({
        email: unescapeVcard(value).trim(),
        pref: params.some((p) => /PREF/.test(p)),
      });
  }
  return {
    kind: 'rows',
    tooMany: rows.length > CLUB_IO_LIMITS.csvMaxRows,
    rows: rows.slice(0, CLUB_IO_LIMITS.csvMaxRows),
    columns: { email: ['EMAIL'], name: ['FN'] },
  };
}

/** Reads a member list; `rows` are its data rows (blank ones left out), in file order. */
export function readMemberCsv(input: string): MemberCsv {
  const text = input.slice(0, CLUB_IO_LIMITS.csvMaxChars).replace(/^\uFEFF/, '');
  if (WORKBOOK_SIGNATURES.some((signature) => text.startsWith(signature))) return { kind: 'workbook' };
  if (/^\s*BEGIN:VCARD/i.test(text.slice(0, 100))) return readVcards(text);
  const delimiter = detectDelimiter(text);
  // One record more than the limit (the header) and one past it, to know the list is too long.
  const all = csvRecords(text, delimiter, CLUB_IO_LIMITS.csvMaxRows + 2).map((cells, i) => ({
    line: i + 1,
    cells: cells.map((c) => c.trim()),
  }));
  const records = all.filter((r) => r.cells.some((c) => c !== ''));
  const [first] = records;
  if (!first) return { kind: 'rows', rows: [], columns: { email: [], name: [] }, tooMany: false };
  const layout = layoutOf(first.cells);
  const firstHasAddress = first.cells.some(holdsAddress);
  const header =
    !firstHasAddress &&
    (layout.known || records.slice(1, SNIFF_ROWS).some((r) => r.cells.some(holdsAddress)));
  const data = header ? records.slice(1) : records;
  const tooMany = data.length > CLUB_IO_LIMITS.csvMaxRows;
  const rows = data.slice(0, CLUB_IO_LIMITS.csvMaxRows);

  let email = header ? layout.email : [];
  if (email.length === 0) {
    // No header names the addresses: the column where most of the first rows hold one.
    const sample = rows.slice(0, SNIFF_ROWS);
    const width = Math.min(HEADERLESS_CELLS, Math.max(0, ...sample.map((r) => r.cells.length)));
    const counts = Array.from(
      { length: width },
      (_, i) => sample.filter((r) => holdsAddress(r.cells[i] ?? '')).length,
    );
    const most = Math.max(0, ...counts);
    if (most > 0) email = [counts.indexOf(most)];
    else if (header)
      return {
        kind: 'no email column',
        // Meetup by its headers, or by its members' profile links.
        meetup:
          layout.meetup || sample.some((r) => r.cells.some((c) => /meetup\.com\//i.test(c.slice(0, 200)))),
      };
  }
  const names: Layout = header ? layout : { email, full: [], given: [], middle: [], family: [] };
  const columns: MemberColumns = header
    ? {
        email: email.map((i) => first.cells[i] ?? ''),
        name: [...names.full.slice(0, 1), ...names.given, ...names.middle, ...names.family].map(
          (i) => first.cells[i] ?? '',
        ),
      }
    : { email: [], name: [] };

  return {
    kind: 'rows',
    tooMany,
    columns,
    rows: rows.map(({ line, cells }) => {
      const at = (i: number) => cells[i] ?? '';
      // The address: the first address column holding one, else the first with any text (so a
      // wrong one is reported as not an address); a headerless row: wherever it is, else where
      // the other rows have theirs, else (no address in the whole file) its second cell or its only one.
      let column = email.find((i) => holdsAddress(at(i))) ?? email.find((i) => at(i) !== '');
      if (!header) {
        const anywhere = cells.slice(0, HEADERLESS_CELLS).findIndex(holdsAddress);
        if (anywhere >= 0) column = anywhere;
        else if (column === undefined && email.length === 0) column = cells.length > 1 ? 1 : 0;
      }
      const { name: inCell, email: address } = splitAddress(column === undefined ? '' : at(column));
      let name = '';
      if (header) {
        const given = nameOf(...names.given.map(at), ...names.middle.map(at));
        const family = nameOf(...names.family.map(at));
        const full = names.full.map((i) => nameOf(at(i))).find((n) => n !== '') ?? '';
        name = full || nameOf(given, family);
      } else {
        // Without a header: the first other cell that reads as a name.
        name = cells.find((c, i) => i !== column && !c.includes('@') && !notAName(flat(c))) ?? '';
        name = flat(name);
      }
      // An address is no greeting (`Name` holding `Kim <kim@example.org>`): the cell's name is.
      if (name.includes('@')) name = '';
      if (!name && !notAName(flat(inCell))) name = flat(inCell);
      return { line, name, email: address, valid: isAddress(address) };
    }),
  };
}
