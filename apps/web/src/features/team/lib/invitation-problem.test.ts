import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { invitationProblem } from './invitation-problem';

describe('invitationProblem (docs/product.md §4.4)', () => {
  it('names the case the server gave in its 404 message', () => {
    expect(invitationProblem(new ApiError(404, 'Это приглашение уже принято')).kind).toBe('accepted');
    expect(invitationProblem(new ApiError(404, 'Это приглашение отозвано администратором проекта')).kind).toBe(
      'revoked',
    );
    expect(
      invitationProblem(
        new ApiError(404, 'Срок действия приглашения истёк: попросите администратора проекта прислать новое'),
      ),
    ).toEqual({
      kind: 'expired',
      message: 'Срок действия приглашения истёк: попросите администратора проекта прислать новое',
    });
    expect(invitationProblem(new ApiError(404, 'Приглашение не найдено: проверьте ссылку из письма')).kind).toBe(
      'unknown',
    );
  });

  it('reads a malformed link or a failure as an unknown invitation', () => {
    expect(invitationProblem(new ApiError(422, 'token: too short'))).toEqual({
      kind: 'unknown',
      message: 'Приглашение не найдено: проверьте ссылку из письма',
    });
    expect(invitationProblem(new TypeError('fetch failed')).kind).toBe('unknown');
  });
});
