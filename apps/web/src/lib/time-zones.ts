/** A time zone choice: the IANA name the server stores and a label such as 'Москва (UTC+3)'. */
export type TimeZoneOption = { value: string; label: string; offsetMinutes: number };

// Building a formatter costs far more than using one: lists format hundreds of moments.
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const formatterFor = (timeZone: string) => {
  if (!formatters.has(timeZone)) {
    try {
      formatters.set(
        timeZone,
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
      );
    } catch {
      formatters.set(timeZone, null);
    }
  }
  return formatters.get(timeZone) ?? null;
};

/** The zone's offset from UTC at `at`, in minutes (Moscow: 180); null for an unknown zone. */
export const utcOffsetMinutes = (timeZone: string, at: Date = new Date()): number | null => {
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  try {
    const parts = formatter.formatToParts(at);
    const get = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    const whole = Math.floor(at.getTime() / 1000) * 1000;
    return Math.round((asUtc - whole) / 60_000);
  } catch {
    return null;
  }
};

/** 'UTC+3', 'UTC-3:30', 'UTC+5:45', 'UTC+0'. */
export const formatUtcOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
};

// The zone's place as people name it, in Russian ('Москва', 'Нью-Йорк', 'Германия'): CLDR's
// generic location name, which the browser's Intl knows for every zone.
const placeNames = new Map<string, string>();
const placeName = (timeZone: string): string => {
  let name = placeNames.get(timeZone);
  if (name === undefined) {
    try {
      name =
        new Intl.DateTimeFormat('ru-RU', { timeZone, timeZoneName: 'shortGeneric' })
          .formatToParts(new Date(0))
          .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      name = timeZone;
    }
    // Zones without a place (UTC, Etc/GMT+5) are named by their offset alone.
    if (/^GMT/.test(name)) name = '';
    placeNames.set(timeZone, name);
  }
  return name;
};

const labelOf = (place: string, offsetMinutes: number) =>
  place ? `${place} (${formatUtcOffset(offsetMinutes)})` : formatUtcOffset(offsetMinutes);

/** 'Москва (UTC+3)'; the IANA name where the zone is unknown. */
export const timeZoneLabel = (timeZone: string, at: Date = new Date()): string => {
  const offset = utcOffsetMinutes(timeZone, at);
  return offset === null ? timeZone : labelOf(placeName(timeZone), offset);
};

/** Every zone the browser knows (it falls back to a short list where Intl cannot list them). */
const supportedZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [
      'Europe/Kaliningrad',
      'Europe/Moscow',
      'Europe/Samara',
      'Asia/Yekaterinburg',
      'Asia/Omsk',
      'Asia/Novosibirsk',
      'Asia/Krasnoyarsk',
      'Asia/Irkutsk',
      'Asia/Yakutsk',
      'Asia/Vladivostok',
      'Asia/Magadan',
      'Asia/Kamchatka',
      'UTC',
    ];
  }
};

/**
 * The options of the time zone select, ordered west to east and then by label, so a person finds
 * his zone next to those with the same offset. `current` is kept even if the browser lacks it.
 * Two zones of one country and offset would read alike ('Германия (UTC+1)'): each then names its
 * city too.
 */
export const timeZoneOptions = (
  current?: string,
  at: Date = new Date(),
  zones: readonly string[] = supportedZones(),
): TimeZoneOption[] => {
  const names = new Set(zones);
  if (current) names.add(current);
  const options = [...names]
    .map((value) => {
      const offsetMinutes = utcOffsetMinutes(value, at);
      return offsetMinutes === null ? null : { value, offsetMinutes, label: timeZoneLabel(value, at) };
    })
    .filter((o): o is TimeZoneOption => o !== null);
  const seen = new Map<string, number>();
  for (const o of options) seen.set(o.label, (seen.get(o.label) ?? 0) + 1);
  for (const o of options) {
    if ((seen.get(o.label) ?? 0) < 2) continue;
    const city = o.value.split('/').at(-1)!.replace(/_/g, ' ');
    o.label = labelOf(`${placeName(o.value) || o.value}, ${city}`, o.offsetMinutes);
  }
  return options.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label, 'ru'));
};

/** The time of day in a zone, 'HH:mm' (24-hour), e.g. to show what a chosen zone means now. */
export const timeInZone = (timeZone: string, at: Date = new Date()): string | null => {
  try {
    return new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  } catch {
    return null;
  }
};
