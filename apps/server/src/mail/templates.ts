export const PRODUCT_NAME = 'CRM';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Letter = { to: string; subject: string; greeting: string; lines: string[]; action: string; url: string; footer: string };

/** One layout for every email: a greeting, a few lines, one button with its link, in HTML and text. */
export function letter({ to, subject, greeting, lines, action, url, footer }: Letter) {
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', footer, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="margin:0;background:#F6F7FB;font-family:Inter,system-ui,sans-serif;color:#1F2130">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="520" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:600;color:#7C5CDB;padding-bottom:16px">${PRODUCT_NAME}</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${escape(greeting)}</td></tr>
${lines.map((l) => `<tr><td style="font-size:14px;line-height:1.45;padding-bottom:8px">${escape(l)}</td></tr>`).join('')}
<tr><td style="padding:16px 0"><a href="${escape(url)}" style="display:inline-block;background:#7C5CDB;color:#fff;text-decoration:none;padding:10px 20px;border-radius:8px;font-weight:500">${escape(action)}</a></td></tr>
<tr><td style="font-size:12px;color:#6B6F80;word-break:break-all">${escape(url)}</td></tr>
<tr><td style="font-size:12px;color:#6B6F80;padding-top:16px">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, link: url };
}
