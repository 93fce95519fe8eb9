/** Hands a file to the browser's downloads as `fileName`, through a temporary link. */
export const saveFile = (file: Blob, fileName: string): void => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; a tick later the address can go.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
};
