import type { Airport, Catalogue, City, Country } from './catalogue.types.ts';

/** Catalogue records in a display language: names where one is known in it, the catalogue's own else. */
export function createLocalizer(catalogue: Catalogue) {
  const regionNames = new Map<string, Intl.DisplayNames>();
  const regionName = (language: string, code: string): string | undefined => {
    let names = regionNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      regionNames.set(language, names);
    }
    return names.of(code);
  };
  const cityName = (cityId: string | null, language: string): string | undefined =>
    cityId ? catalogue.cityById.get(cityId)?.names[language] : undefined;

  return {
    city: (city: City, language: string): City =>
      city.names[language] ? { ...city, name: city.names[language] } : city,
    airport: (airport: Airport, language: string): Airport => {
      const name = cityName(airport.city_id, language);
      return name ? { ...airport, city_name: name } : airport;
    },
    /** Country names in any language come from the CLDR data of the runtime's ICU. */
    country: (country: Country, language: string): Country => {
      if (language === 'en') return country;
      const name = regionName(language, country.code);
      return name ? { ...country, name } : country;
    },
    cityName: (cityId: string | null, fallback: string, language: string): string =>
      cityName(cityId, language) ?? fallback,
  };
}

export type Localizer = ReturnType<typeof createLocalizer>;
