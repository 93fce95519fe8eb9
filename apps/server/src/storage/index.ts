/** What features use of the file store's folder: spooling an incoming file before it is kept (deps.files keeps it). */
export { FileTooBig, spool } from './spool.js';
