import { createHash } from 'node:crypto';
import { pick, seededRandom } from '../../../ports/seeded-random.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { ReviewRecord } from '../inventory/hotel-file.ts';
import type { ContentLanguage } from './hotel-content-languages.ts';

/*
 * The demo's guest reviews: most hotels have a few, in English, German, French or Spanish, scored by what
 * the hotel is (more stars, better scores, with the odd bad night). Drawn from the hotel's code alone, so
 * they change nothing else the generator draws.
 */

const AUTHORS: Record<ContentLanguage, readonly string[]> = {
  en: ['Emma W.', 'James T.', 'Olivia R.', 'Daniel K.', 'Sophie M.', 'Michael B.', 'Grace H.', 'Tom P.'],
  de: ['Anna K.', 'Lukas M.', 'Sabine W.', 'Jonas F.', 'Katrin S.', 'Markus H.', 'Lea B.', 'Stefan R.'],
  fr: ['Camille D.', 'Julien L.', 'Chloé M.', 'Antoine B.', 'Léa R.', 'Nicolas P.', 'Manon G.', 'Hugo T.'],
  es: ['Lucía G.', 'Javier M.', 'Carmen R.', 'Pablo S.', 'Elena F.', 'Diego L.', 'Marta V.', 'Álvaro C.'],
};

type Band = 'great' | 'good' | 'poor';
const TEXTS: Record<ContentLanguage, Record<Band, ReadonlyArray<readonly [string, string]>>> = {
  en: {
    great: [
      ['Would stay again', 'Spotless room, friendly staff and a great location. Breakfast was excellent.'],
      ['Perfect city break', 'Quiet at night, comfortable bed, and everything within walking distance.'],
      ['Lovely stay', 'The staff went out of their way to help us. The room was bigger than expected.'],
    ],
    good: [
      ['Good value', 'Clean and practical, a little noisy from the street, but fine for a few nights.'],
      ['Decent hotel', 'Good location and helpful reception; the room was small and the shower weak.'],
      ['Solid choice', 'Nothing fancy, but comfortable. Breakfast could have had more choice.'],
    ],
    poor: [
      ['Disappointing', 'The room was not ready when we arrived and the air conditioning was loud.'],
      ['Not as described', 'Tired furniture and thin walls. The location is the best thing about it.'],
      ['Below expectations', 'Slow check-in and a noisy room over the bar. We would not come back.'],
    ],
  },
  de: {
    great: [
      [
        'Gerne wieder',
        'Blitzsauberes Zimmer, freundliches Personal und eine tolle Lage. Sehr gutes Frühstück.',
      ],
      ['Perfekt für die Städtereise', 'Nachts ruhig, bequemes Bett, und alles zu Fuß erreichbar.'],
      [
        'Wunderbarer Aufenthalt',
        'Das Personal war ausgesprochen hilfsbereit. Das Zimmer war größer als erwartet.',
      ],
    ],
    good: [
      [
        'Gutes Preis-Leistungs-Verhältnis',
        'Sauber und praktisch, etwas Straßenlärm, für ein paar Nächte gut.',
      ],
      [
        'Ordentliches Hotel',
        'Gute Lage und hilfsbereiter Empfang; das Zimmer war klein, die Dusche schwach.',
      ],
      ['Solide Wahl', 'Nichts Besonderes, aber bequem. Beim Frühstück hätte es mehr Auswahl geben können.'],
    ],
    poor: [
      ['Enttäuschend', 'Das Zimmer war bei Ankunft nicht fertig, und die Klimaanlage war laut.'],
      ['Nicht wie beschrieben', 'Abgewohnte Möbel und dünne Wände. Das Beste ist die Lage.'],
      [
        'Unter den Erwartungen',
        'Langsamer Check-in und ein lautes Zimmer über der Bar. Wir kommen nicht wieder.',
      ],
    ],
  },
  fr: {
    great: [
      ['À refaire', 'Chambre impeccable, personnel souriant et emplacement idéal. Excellent petit-déjeuner.'],
      ['Parfait pour un week-end', 'Calme la nuit, lit confortable, et tout est accessible à pied.'],
      ['Très beau séjour', 'Le personnel a été aux petits soins. La chambre était plus grande que prévu.'],
    ],
    good: [
      [
        'Bon rapport qualité-prix',
        'Propre et pratique, un peu bruyant côté rue, mais bien pour quelques nuits.',
      ],
      ['Hôtel correct', 'Bien situé, accueil serviable ; chambre petite et douche un peu faible.'],
      ['Un choix sûr', 'Rien d’extraordinaire, mais confortable. Le petit-déjeuner manquait de choix.'],
    ],
    poor: [
      ['Décevant', 'La chambre n’était pas prête à notre arrivée et la climatisation était bruyante.'],
      ['Pas conforme', 'Mobilier fatigué et murs fins. Le meilleur atout reste l’emplacement.'],
      [
        'En dessous des attentes',
        'Enregistrement lent et chambre bruyante au-dessus du bar. Nous ne reviendrons pas.',
      ],
    ],
  },
  es: {
    great: [
      [
        'Repetiríamos',
        'Habitación impecable, personal amable y una ubicación estupenda. Desayuno excelente.',
      ],
      ['Perfecto para una escapada', 'Tranquilo por la noche, cama cómoda y todo a un paseo.'],
      [
        'Estancia preciosa',
        'El personal se desvivió por ayudarnos. La habitación era más grande de lo esperado.',
      ],
    ],
    good: [
      [
        'Buena relación calidad-precio',
        'Limpio y práctico, algo de ruido de la calle, bien para unas noches.',
      ],
      ['Hotel correcto', 'Buena ubicación y recepción atenta; la habitación era pequeña y la ducha floja.'],
      ['Una opción segura', 'Nada especial, pero cómodo. El desayuno podría tener más variedad.'],
    ],
    poor: [
      ['Decepcionante', 'La habitación no estaba lista al llegar y el aire acondicionado hacía ruido.'],
      ['No era lo anunciado', 'Muebles gastados y paredes finas. Lo mejor es la ubicación.'],
      ['Por debajo de lo esperado', 'Registro lento y una habitación ruidosa encima del bar. No volveremos.'],
    ],
  },
};

const LANGUAGES: readonly ContentLanguage[] = ['en', 'en', 'de', 'fr', 'es'];

/** A hotel's reviews, from its code: none for about a third of hotels, else two to twelve. */
export function reviewsFor(code: string, stars: number, start: string): ReviewRecord[] {
  const random = seededRandom(createHash('sha256').update(`reviews:${code}`).digest().readUInt32LE(0));
  if (random() < 0.35) return [];
  const count = 2 + Math.floor(random() * 11);
  return Array.from({ length: count }, () => {
    const score = Math.max(1, Math.min(10, Math.round(5.2 + stars * 0.75 + (random() * 3.5 - 2.2))));
    const language = pick(LANGUAGES, random());
    const band: Band = score >= 8 ? 'great' : score >= 6 ? 'good' : 'poor';
    const [title, text] = pick(TEXTS[language][band], random());
    return {
      score,
      title,
      text,
      language,
      author: pick(AUTHORS[language], random()),
      stayed_in: addDays(start, -Math.floor(random() * 540) - 7).slice(0, 7),
    };
  });
}
