import { letter } from '../mail/templates.js';

export const verificationEmail = (to: string, name: string, url: string) =>
  letter({
    to,
    subject: 'Подтвердите адрес электронной почты',
    greeting: `Здравствуйте, ${name}!`,
    lines: ['Вы зарегистрировались в CRM. Чтобы начать работу, подтвердите адрес электронной почты.'],
    action: 'Подтвердить почту',
    url,
    footer: 'Ссылка действует 24 часа. Если вы не регистрировались, просто проигнорируйте это письмо.',
  });

export const recoveryEmail = (to: string, name: string, url: string) =>
  letter({
    to,
    subject: 'Восстановление пароля',
    greeting: `Здравствуйте, ${name}!`,
    lines: ['Мы получили запрос на восстановление пароля к вашему аккаунту.'],
    action: 'Задать новый пароль',
    url,
    footer: 'Ссылка действует 60 минут и работает один раз. Если вы не запрашивали восстановление, просто проигнорируйте это письмо.',
  });
