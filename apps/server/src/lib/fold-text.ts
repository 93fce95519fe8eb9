/**
 * How text is folded before it is indexed or compared by a search: lower case (JavaScript knows
 * every script; SQLite's lower() only ASCII, PostgreSQL's depends on the database's locale), ё as
 * е, runs of white space as one space. Done in JavaScript, once, so both databases index and
 * compare the very same text.
 */
export const foldText = (text: string) => text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();
