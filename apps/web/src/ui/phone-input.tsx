import 'react-international-phone/style.css';
import { CountrySelector, usePhoneInput } from 'react-international-phone';
import { PHONE_DIGITS_MAX, type PhoneCountry } from '@crm/contract';
import { countryBadges, europeCountries } from './phone-countries';
import inputStyles from './input.module.css';
import styles from './phone-input.module.css';
import { cx } from './cx';

type PhoneInputProps = {
  /** Digits only, with the country code ('375291234567'); '' when blank: what the API stores. */
  value: string;
  onChange: (value: string) => void;
  /** The picker's country while the box is blank: the project's phone country in the client form. */
  defaultCountry: PhoneCountry;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  disabled?: boolean;
  placeholder?: string;
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A phone box with a country picker (Europe only) in the look of Input. The value is the number's
 * digits; a box holding only the dial code counts as blank. More than 15 digits cannot be typed
 * or pasted (docs/product.md §4.7).
 */
export const PhoneInput = ({
  value,
  onChange,
  defaultCountry,
  id,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  'aria-required': ariaRequired,
  disabled,
  placeholder,
}: PhoneInputProps) => {
  const { inputValue, country, setCountry, handlePhoneValueChange, inputRef } = usePhoneInput({
    defaultCountry: defaultCountry.toLowerCase(),
    value: value === '' ? '' : `+${value}`,
    countries: europeCountries,
    onChange: ({ phone, country: current }) => {
      const digits = digitsOf(phone);
      onChange(digits === current.dialCode ? '' : digits);
    },
  });
  return (
    <div className={cx(styles.phone, invalid && styles.invalid, disabled && styles.disabled)}>
      <CountrySelector
        selectedCountry={country.iso2}
        onSelect={(c) => setCountry(c.iso2, { focusOnInput: true })}
        countries={europeCountries}
        flags={countryBadges}
        disabled={disabled}
        renderButtonWrapper={({ children, rootProps }) => (
          // The library's own button, but named in Russian: 'Country selector' says nothing to a reader here.
          <button
            {...rootProps}
            type="button"
            aria-label={`Код страны: ${country.name} +${country.dialCode}`}
            title={country.name}
            className={cx('react-international-phone-country-selector-button', styles.countryButton)}
          >
            {children}
          </button>
        )}
      />
      <input
        ref={inputRef}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className={cx(inputStyles.input, styles.input, invalid && inputStyles.invalid)}
        value={inputValue}
        onChange={(event) => {
          // Refused before the library sees it, so the box keeps the last allowed number.
          if (digitsOf(event.target.value).length > PHONE_DIGITS_MAX) return;
          handlePhoneValueChange(event);
        }}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={ariaRequired}
      />
    </div>
  );
};
