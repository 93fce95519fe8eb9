/**
 * The script a site's page loads with the snippet (docs/product.md §5.8): it finds its own tag,
 * reads the form of its key from the CRM, draws it in place (plain DOM, no library, styles a site
 * may override under `.crm-lead-form`), waits the least fill time before the button works, and
 * sends the submission as JSON. The CRM's answer (the thank-you text, or the reason of a refusal)
 * is shown in place; what was typed stays on an error.
 */
export const embedScript = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var match = /^(.*)\/api\/v1\/lead-forms\/([A-Za-z0-9_-]+)\/embed\.js/.exec(script.src);
  if (!match) return;
  var base = match[1], key = match[2];
  var api = base + '/api/v1/lead-forms/' + key;
  var host = document.querySelector('[data-crm-lead-form="' + key + '"]');
  if (!host) {
    host = document.createElement('div');
    script.parentNode.insertBefore(host, script.nextSibling);
  }
  var style = document.createElement('style');
  style.textContent =
    '.crm-lead-form{display:grid;gap:12px;max-width:420px;font:inherit}' +
    '.crm-lead-form label{display:grid;gap:4px;font-weight:500}' +
    '.crm-lead-form input,.crm-lead-form select,.crm-lead-form textarea{font:inherit;padding:8px 10px;border:1px solid #c9cbd6;border-radius:8px}' +
    '.crm-lead-form button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:#6a4bc8;color:#fff;cursor:pointer}' +
    '.crm-lead-form button:disabled{opacity:.6;cursor:default}' +
    '.crm-lead-form [role=alert]{color:#c8353a}' +
    '.crm-lead-form .crm-lf-trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}';
  document.head.appendChild(style);

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) if (attrs[name] !== undefined) node.setAttribute(name, attrs[name]);
    if (text) node.textContent = text;
    return node;
  }
  function field(form, label, control, required) {
    var wrap = el('label', {}, label + (required ? ' *' : ''));
    wrap.appendChild(control);
    form.appendChild(wrap);
    return control;
  }

  fetch(api).then(function (res) { return res.json(); }).then(function (answer) {
    if (!answer.success) {
      host.appendChild(el('p', { role: 'alert' }, answer.message || 'Форма недоступна'));
      return;
    }
    var spec = answer.response;
    var form = el('form', { class: 'crm-lead-form', novalidate: '' });
    form.appendChild(el('strong', {}, spec.name));
    var name = field(form, 'Имя', el('input', { name: 'name', required: '', autocomplete: 'given-name', maxlength: '100' }), true);
    var lastName = field(form, 'Фамилия', el('input', { name: 'last_name', required: '', autocomplete: 'family-name', maxlength: '100' }), true);
    var controls = [];
    spec.fields.forEach(function (f) {
      var control;
      if (f.type === 'select') {
        control = el('select', { name: 'field_' + f.id });
        control.appendChild(el('option', { value: '' }, 'Выберите…'));
        f.options.forEach(function (o) { control.appendChild(el('option', { value: String(o.id) }, o.name)); });
      } else if (f.type === 'textarea') {
        control = el('textarea', { name: 'field_' + f.id, rows: '3' });
      } else {
        control = el('input', {
          name: 'field_' + f.id,
          type: f.type === 'phone_number' ? 'tel' : f.type === 'social_network' ? 'url' : 'text',
          autocomplete: f.type === 'phone_number' ? 'tel' : undefined,
        });
      }
      if (f.required) control.setAttribute('required', '');
      controls.push({ id: f.id, control: field(form, f.name, control, f.required) });
    });
    // A field people never see: robots fill it.
    var trap = el('div', { class: 'crm-lf-trap', 'aria-hidden': 'true' });
    var honeypot = el('input', { name: 'website', tabindex: '-1', autocomplete: 'off' });
    trap.appendChild(honeypot);
    form.appendChild(trap);
    var error = el('p', { role: 'alert' });
    form.appendChild(error);
    var button = el('button', { type: 'submit', disabled: '' }, 'Отправить');
    form.appendChild(button);
    setTimeout(function () { button.removeAttribute('disabled'); }, spec.min_fill_ms);

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      error.textContent = '';
      button.setAttribute('disabled', '');
      var body = {
        name: name.value,
        last_name: lastName.value,
        fields: controls.map(function (c) { return { field_id: c.id, value: c.control.value }; }),
        token: spec.token,
        website: honeypot.value,
      };
      fetch(api + '/submissions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(function (res) { return res.json(); }).then(function (result) {
        if (result.success) {
          var thanks = el('p', { role: 'status', class: 'crm-lead-form' }, result.response.thank_you);
          form.parentNode.replaceChild(thanks, form);
          return;
        }
        var reasons = result.errors ? Object.keys(result.errors).map(function (k) { return result.errors[k][0]; }) : [];
        error.textContent = reasons.length ? reasons.join('. ') : result.message;
        button.removeAttribute('disabled');
      }).catch(function () {
        error.textContent = 'Не удалось отправить: проверьте подключение и попробуйте ещё раз';
        button.removeAttribute('disabled');
      });
    });
    host.appendChild(form);
  }).catch(function () {
    host.appendChild(el('p', { role: 'alert' }, 'Форма недоступна: нет связи'));
  });
})();
`;
