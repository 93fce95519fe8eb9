/**
 * A text cell of a file the product writes (CSV or XLSX) as a spreadsheet must read it: a cell
 * that begins with `=`, `+`, `-` or `@` (after any spaces), or with a tab or a carriage return,
 * is a formula to Excel, LibreOffice and Google Sheets, so a client named
 * `=HYPERLINK("http://…")` would run as one. Such a cell gets a leading apostrophe, which the
 * spreadsheet reads as "this is text" (OWASP, CSV injection). Numbers are written as numbers and
 * never pass here. Every export writes its text cells through this (docs/decisions.md,
 * "Security run").
 */
export function spreadsheetText(text: string): string {
  return /^(?:[\t\r]|\s*[=+\-@])/.test(text) ? `'${text}` : text;
}
