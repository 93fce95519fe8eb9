import { ComingSoon } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** The client form builder comes with the client-form issue. */
export const ClientFormPage = () => (
  <>
    <PageHeader title="Форма клиента" />
    <ComingSoon icon="form" feature="конструктор формы клиента" text="Здесь вы соберёте карточку клиента из групп и полей: текст, числа, даты и списки в нужном порядке." />
  </>
);
