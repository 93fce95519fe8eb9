import { describe, expect, it } from 'vitest';
import { digitsOnly, fileSize, formatNumber } from './numbers';

describe('numbers', () => {
  it('groups thousands with thin spaces', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(950)).toBe('950');
    expect(formatNumber(12500)).toBe('12\u2009500');
    expect(formatNumber(1_000_000_000_000)).toBe('1\u2009000\u2009000\u2009000\u2009000');
  });

  it('keeps digits only and strips leading zeros', () => {
    expect(digitsOnly('12 500 ₽')).toBe('12500');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('007')).toBe('7');
    expect(digitsOnly('0')).toBe('0');
    expect(digitsOnly('-5,5')).toBe('55');
  });
});

describe('fileSize', () => {
  it('says a size in Russian units', () => {
    expect(fileSize(0)).toBe('0 Б');
    expect(fileSize(12_700)).toBe('12,4 КБ');
    expect(fileSize(3 * 1024 * 1024 + 100_000)).toBe('3,1 МБ');
    expect(fileSize(150 * 1024 * 1024)).toBe('150 МБ');
  });
});
