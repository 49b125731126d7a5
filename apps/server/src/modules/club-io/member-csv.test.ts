import { readFileSync } from 'node:fs';
import { CLUB_IO_LIMITS } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { csvRecords, detectDelimiter, headerKey, readMemberCsv } from './member-csv.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/member-lists/${name}`, import.meta.url), 'utf8');

type Expected =
  | { taken: { name: string; email: string }[]; left?: { line: number; email: string }[] }
  | { refused: 'no email column' | 'meetup' };

/**
 * The member lists organisers bring, each written from its tool's documented export (decision
 * 076). `taken`: the rows invited, with their names and addresses; `left`: rows without a usable
 * address; `refused`: the whole file, with the reason that names the missing column.
 */
const FORMATS: [file: string, format: string, expected: Expected][] = [
  [
    'google-forms.csv',
    // Google Forms responses: the linked Sheet's File > Download > Comma-separated values; the
    // Form's own columns "Timestamp" and "Email Address" (collected e-mails), then one column a
    // question; CRLF, quotes only where a field needs them.
    'Google Forms / Sheets CSV',
    {
      taken: [
        { name: 'Kim Lee', email: 'kim.lee@example.org' },
        { name: 'Ana Souza', email: 'ana.souza@example.com' },
        // The question was left empty: no name, never the timestamp.
        { name: '', email: 'noah@example.net' },
      ],
    },
  ],
  [
    'google-forms-es.csv',
    // The same download from a Spanish-language account: "Marca temporal", "Dirección de correo
    // electrónico" are the Form's translated columns.
    'Google Forms / Sheets CSV (Spanish)',
    {
      taken: [
        { name: 'Lucía García', email: 'lucia.garcia@example.es' },
        { name: 'Pablo Ruiz Díaz', email: 'pablo@example.es' },
      ],
    },
  ],
  [
    'excel-de.csv',
    // Excel "CSV UTF-8 (durch Trennzeichen getrennt) (*.csv)" in a German locale: a UTF-8 BOM, the
    // locale's list separator `;`, CRLF; a field holding `;` is quoted.
    'Excel CSV UTF-8, German locale',
    {
      taken: [
        { name: 'Jörg Müller', email: 'joerg.mueller@example.de' },
        { name: 'Anna-Lena Schmidt; geb. Weber', email: 'anna@example.de' },
        { name: 'Özlem Yılmaz', email: 'ozlem@example.de' },
      ],
    },
  ],
  [
    'excel-fr.csv',
    // Excel "CSV UTF-8 (délimité par des virgules)" in a French locale: BOM, `;`, CRLF; "Nom"
    // beside "Prénom" is the family name.
    'Excel CSV UTF-8, French locale',
    {
      taken: [
        { name: 'Hélène Lefèvre', email: 'helene.lefevre@example.fr' },
        { name: 'Jean-François Dupont', email: 'jf.dupont@example.fr' },
      ],
      left: [{ line: 4, email: 'chloe.martin@example' }],
    },
  ],
  [
    'excel-es.csv',
    // Excel "CSV UTF-8 (delimitado por comas)" in a Spanish locale: BOM, `;`, CRLF; "Nombre"
    // beside "Apellidos" is the given name.
    'Excel CSV UTF-8, Spanish locale',
    {
      taken: [
        { name: 'María José Fernández López', email: 'mjfernandez@example.es' },
        { name: 'Iñaki Etxeberria', email: 'inaki@example.es' },
      ],
    },
  ],
  [
    'excel-mac.csv',
    // Excel for Mac "CSV (Macintosh)": commas, records ended by CR alone.
    'Excel CSV (Macintosh), CR line ends',
    {
      taken: [
        { name: 'Kim Lee', email: 'kim.mac@example.org' },
        { name: 'Ada Lovelace', email: 'ada.mac@example.org' },
      ],
    },
  ],
  [
    'meetup-members.xls',
    // Meetup's Members > "Export member list": tab-separated text (named .xls) with Name, Member
    // ID, Title, Location, the join and visit dates, RSVP counts, Intro, Photo, Assistant
    // Organizer, Mailing List and the profile URL; Meetup gives organisers no addresses.
    'Meetup member export',
    { refused: 'meetup' },
  ],
  [
    'mailchimp-audience.csv',
    // Mailchimp Audience > Export audience (subscribed_members_export): every field quoted,
    // "Email Address" first, the merge fields (First Name, Last Name, a postal "Address"), then
    // MEMBER_RATING, OPTIN_TIME, … LEID, EUID, NOTES, TAGS.
    'Mailchimp audience export',
    {
      taken: [
        { name: 'Grace Hopper', email: 'grace@example.com' },
        { name: '', email: 'linus@example.com' },
      ],
    },
  ],
  [
    'eventbrite-attendees.csv',
    // Eventbrite Reports > Attendee summary > Export to CSV: order number and date, the attendee's
    // First Name, Last Name and Email, ticket columns, then the buyer's (another person's) columns.
    'Eventbrite attendee export',
    {
      taken: [{ name: 'Mia Schulz', email: 'mia.schulz@example.com' }],
      // Tom's ticket was bought by Lea: her address is not his.
      left: [{ line: 3, email: '' }],
    },
  ],
  [
    'outlook-contacts.csv',
    // Outlook (desktop) Import/Export > Export to a file > Comma Separated Values: every field
    // quoted; Title, First/Middle/Last Name, company and phone columns, "E-mail Address" with its
    // "E-mail Type" and "E-mail Display Name", then "E-mail 2 Address".
    'Outlook contacts CSV',
    {
      taken: [
        { name: 'Ada Lovelace', email: 'ada@example.co.uk' },
        { name: 'Charles Babbage', email: 'charles@example.co.uk' },
      ],
      left: [{ line: 4, email: '' }],
    },
  ],
  [
    'outlook-contacts-de.csv',
    // The same Outlook export with its German headers: Vorname, Weitere Vornamen, Nachname,
    // E-Mail-Adresse, E-Mail-Typ, "E-Mail: Angezeigter Name", "E-Mail 2: Adresse".
    'Outlook contacts CSV (German)',
    { taken: [{ name: 'Karl Friedrich Gauß', email: 'karl.gauss@example.de' }] },
  ],
  [
    'google-contacts.csv',
    // Google Contacts Export > Google CSV (current): First/Middle/Last Name, phonetic names,
    // Nickname, File As, …, Labels, "E-mail 1 - Label", "E-mail 1 - Value" (several addresses of
    // one label joined by " ::: "), "E-mail 2 - …", phones.
    'Google Contacts CSV',
    {
      taken: [
        { name: 'Noor Haddad', email: 'noor@example.com' },
        { name: 'Jonas', email: 'jonas@example.com' },
      ],
    },
  ],
  [
    'google-contacts-legacy.csv',
    // Google Contacts "Google CSV" until 2023, the shape other contact tools read and write
    // (Apple Contacts itself exports vCard only): Name, Given Name, Additional Name, Family Name,
    // …, "E-mail 1 - Type", "E-mail 1 - Value".
    'Google Contacts CSV (legacy), Apple-tool CSV',
    { taken: [{ name: 'Rosa Parks', email: 'rosa@example.com' }] },
  ],
  [
    'apple-contacts.vcf',
    // Apple Contacts "Export vCard…" (vCard 3.0, RFC 2426): N and FN, grouped `item1.EMAIL` with
    // `type=pref`, a folded line, escaped commas; Apple exports no CSV.
    'Apple Contacts vCard',
    {
      taken: [
        { name: 'Ada Lovelace', email: 'ada.vcf@example.org' },
        { name: 'Grace Brewster Murray Hopper', email: 'grace.vcf@example.org' },
        { name: '', email: 'office.vcf@example.org' },
      ],
      left: [{ line: 28, email: '' }],
    },
  ],
  [
    'typeform-responses.csv',
    // Typeform Results > Download > CSV: `#`, one column a question ("What's your name?",
    // "What's your email address?"), then Start Date (UTC), Submit Date (UTC), Network ID.
    'Typeform responses',
    {
      taken: [
        { name: 'Kim Lee', email: 'kim.tf@example.org' },
        { name: 'Ana Souza', email: 'ana.tf@example.com' },
      ],
    },
  ],
  [
    'google-groups-members.csv',
    // Google Groups Members > Export members: Email address, Nickname, Group status, Email
    // status, Email preference, Posting permissions, the join date and time zone.
    'Google Groups member export',
    {
      taken: [
        { name: 'Kim', email: 'kim.gg@example.org' },
        { name: '', email: 'ana.gg@example.com' },
      ],
    },
  ],
  [
    'hand-written.csv',
    // Written in a text editor: no header, `Name <address>`, `name, address`, `address, name`, a
    // bare address, a blank line, stray spaces.
    'hand-written list',
    {
      taken: [
        { name: 'Kim Lee', email: 'kim.hand@example.org' },
        { name: 'Ada Lovelace', email: 'ada.hand@example.org' },
        { name: '', email: 'bob.hand@example.org' },
        { name: 'Hopper, Grace', email: 'grace.hand@example.org' },
        { name: 'Carol Danvers', email: 'carol.hand@example.org' },
      ],
    },
  ],
  [
    'tab-paste.tsv',
    // Cells copied from a spreadsheet and pasted: the clipboard's text/plain is tab-separated.
    'tab-separated paste',
    {
      taken: [
        { name: 'Li Wei', email: 'li.wei@example.cn' },
        { name: 'Sofia Rossi', email: 'sofia@example.it' },
      ],
    },
  ],
  [
    'quoted-newlines.csv',
    // RFC 4180 section 2: quoted fields holding CRLF, commas and doubled quotes.
    'RFC 4180 quoted newlines',
    {
      taken: [
        { name: 'Kim "KJ" Lee', email: 'kim.q@example.org' },
        { name: 'Ana Souza', email: 'ana.q@example.org' },
        { name: 'Noah Smith', email: 'noah.q@example.org' },
      ],
    },
  ],
  [
    'no-email-column.csv',
    // A sheet of names and phone numbers.
    'names and phones only',
    { refused: 'no email column' },
  ],
];

describe('member lists from real tools (decision 076)', () => {
  it.each(FORMATS)(
    '%s (%s) is taken with its names and addresses, or refused naming the column',
    (file, _format, expected) => {
      const list = readMemberCsv(fixture(file));
      if ('refused' in expected) {
        expect(list).toEqual({ kind: 'no email column', meetup: expected.refused === 'meetup' });
        return;
      }
      if (list.kind !== 'rows') throw new Error(`${file} was refused`);
      expect(list.rows.filter((r) => r.valid).map(({ name, email }) => ({ name, email }))).toEqual(
        expected.taken,
      );
      expect(list.rows.filter((r) => !r.valid).map(({ line, email }) => ({ line, email }))).toEqual(
        expected.left ?? [],
      );
    },
  );
});

describe('the CSV reader', () => {
  it('reads RFC 4180 quoting: delimiters, CRLF, CR and LF inside quotes, doubled quotes', () => {
    expect(csvRecords('a,"b,c","d\r\ne","f""g"\r\nh', ',', 10)).toEqual([
      ['a', 'b,c', 'd\r\ne', 'f"g'],
      ['h'],
    ]);
    expect(csvRecords('a\rb\nc\r\n', ',', 10)).toEqual([['a'], ['b'], ['c']]);
    // A quote inside an unquoted field stays a character; an unterminated quote ends the file.
    expect(csvRecords('5" tall,x\n"open', ',', 10)).toEqual([['5" tall', 'x'], ['open']]);
    expect(csvRecords('a\nb\nc\nd', ',', 2)).toEqual([['a'], ['b']]);
    // Blank records keep the row numbers but do not count towards the limit.
    expect(csvRecords('a\n\nb\n\nc', ',', 2)).toEqual([['a'], [''], ['b']]);
  });

  it('finds the delimiter: comma, semicolon, tab; a single column is comma', () => {
    expect(detectDelimiter('name,email\nA,a@x.org')).toBe(',');
    expect(detectDelimiter('Name;E-Mail\n"Müller, Hans";h@x.de\nLee, Kim;k@x.de')).toBe(';');
    expect(detectDelimiter('Name\tEmail\nA, B\ta@x.org')).toBe('\t');
    expect(detectDelimiter('kim@example.org\nada@example.org')).toBe(',');
  });

  it('compares headers without case, spaces, punctuation or accents', () => {
    expect(headerKey(' E-MAIL ')).toBe('email');
    expect(headerKey('Correo Electrónico')).toBe('correoelectronico');
    expect(headerKey('Prénom')).toBe('prenom');
    const list = readMemberCsv('\uFEFF  PRÉNOM ; NOM ; COURRIEL \r\nHélène;Lefèvre;h@example.fr\r\n');
    expect(list.kind === 'rows' && list.rows).toEqual([
      { line: 2, name: 'Hélène Lefèvre', email: 'h@example.fr', valid: true },
    ]);
  });

  it('takes columns in any order, and a name and an address from one cell', () => {
    const list = readMemberCsv('E-mail,Notes,Name\n"Kim Lee <KIM@example.org>",,\nada@example.org,x,Ada\n');
    expect(list.kind === 'rows' && list.rows.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Kim Lee', email: 'kim@example.org' },
      { name: 'Ada', email: 'ada@example.org' },
    ]);
  });

  it('reads `Name <address>` under a Name header as both', () => {
    const list = readMemberCsv('Name\nKim Lee <kim@example.org>\nada@example.org\n');
    expect(list.kind === 'rows' && list.rows.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Kim Lee', email: 'kim@example.org' },
      { name: '', email: 'ada@example.org' },
    ]);
  });

  it('greets nobody by a timestamp, a placeholder or an address', () => {
    const list = readMemberCsv(
      '2026-11-02 19:41:12,kim@example.org\nn/a,ada@example.org\n-,bob@example.org\nCarol,carol@example.org\n',
    );
    expect(list.kind === 'rows' && list.rows.map((r) => r.name)).toEqual(['', '', '', 'Carol']);
  });

  it('keeps the old `name,email` lists as they were: header or none, an invalid address reported', () => {
    const list = readMemberCsv(
      'name,email\nAda,ada@example.org\nNobody,not-an-address\n\nBob,BOB@example.org',
    );
    expect(list.kind === 'rows' && list.rows).toEqual([
      { line: 2, name: 'Ada', email: 'ada@example.org', valid: true },
      { line: 3, name: 'Nobody', email: 'not-an-address', valid: false },
      { line: 5, name: 'Bob', email: 'bob@example.org', valid: true },
    ]);
    const bare = readMemberCsv('Nobody,not-an-address');
    expect(bare.kind === 'rows' && bare.rows).toEqual([
      { line: 1, name: 'Nobody', email: 'not-an-address', valid: false },
    ]);
  });

  it('finds an unnamed column of addresses under a header it does not know', () => {
    const list = readMemberCsv('Teilnehmende,Kontakt\nKim,kim@example.org\nAda,ada@example.org\n');
    expect(list.kind === 'rows' && list.rows.map((r) => r.email)).toEqual([
      'kim@example.org',
      'ada@example.org',
    ]);
  });

  it('knows a workbook sent as text (xlsx, xls), as UTF-8 or Windows-1252 decoding leaves it', () => {
    expect(readMemberCsv('PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml')).toEqual({
      kind: 'workbook',
    });
    expect(readMemberCsv('\u00D0\u00CF\u0011\u00E0\u00A1\u00B1\u001A\u00E1')).toEqual({ kind: 'workbook' });
    expect(readMemberCsv('\uFFFD\uFFFD\u0011\uFFFD\uFFFD\uFFFD')).toEqual({ kind: 'workbook' });
  });

  it('counts rows past the limit without reading them, and reads hostile text in bounded steps', () => {
    const long = `email\n${Array.from({ length: CLUB_IO_LIMITS.csvMaxRows + 1 }, (_, i) => `p${i}@example.org`).join('\n')}`;
    const over = readMemberCsv(long);
    expect(over.kind === 'rows' && [over.tooMany, over.rows.length]).toEqual([
      true,
      CLUB_IO_LIMITS.csvMaxRows,
    ]);
    // One unterminated quoted field of the whole allowed size, and a cell of '<' and '@':
    // each is read once, without a regular expression over the whole cell.
    const quoted = readMemberCsv(`email\n"${'x'.repeat(CLUB_IO_LIMITS.csvMaxChars)}`);
    expect(quoted.kind === 'rows' && quoted.rows[0]?.valid).toBe(false);
    const angles = readMemberCsv(`email\n${'<@'.repeat(CLUB_IO_LIMITS.csvMaxChars / 4)}`);
    expect(angles.kind === 'rows' && angles.rows[0]?.valid).toBe(false);
  });
});
