// A realistic Filipino guest list, generated the same way every time: households of one to four
// persons sharing a surname, abbreviations (Ma., Sto., Jr.), short names (Ana, Sy, Uy, Go) and
// particles (dela Cruz, de los Santos). Full names are unique, as on a real guest list. Used by the
// harvest test (300 guests in 152 households) and the search benchmark (10,000 persons).

export const FIRST_NAMES = [
  'Maria',
  'Ma. Cristina',
  'Ma. Luisa',
  'Ma. Teresa',
  'Juan',
  'Jose',
  'Ana',
  'Joy',
  'Ivy',
  'Mark',
  'John Paul',
  'Kristine',
  'Angelica',
  'Rowena',
  'Rodrigo',
  'Ramon',
  'Lourdes',
  'Teresita',
  'Antonio',
  'Pacita',
  'Nestor',
  'Gloria',
  'Enzo',
  'Sofia',
  'Bea',
  'Eduardo',
  'Rosario',
  'Rolando',
  'Evangeline',
  'Victor',
  'Rafael',
  'Nicole',
  'Grace',
  'Noel',
  'Carmela',
  'Danilo',
  'Editha',
  'Ferdinand',
  'Gerardo',
  'Herminia',
  'Imelda',
  'Jericho',
  'Katrina',
  'Leonora',
  'Marites',
  'Nenita',
  'Orlando',
  'Perla',
  'Quirino',
  'Remedios',
  'Santiago',
  'Trinidad',
  'Ulysses',
  'Virgilio',
  'Wilfredo',
  'Ximena',
  'Yolanda',
  'Zenaida',
  'Paolo',
  'Liza',
  'Karlo',
  'Rina',
  'Jun',
  'Bong',
  'Dindo',
  'Mylene',
  'Aileen',
  'Ronaldo',
  'Cecilia',
  'Arnel',
  'Jocelyn',
  'Reynaldo',
  'Marilou',
  'Efren',
  'Lorna',
  'Pedro',
  'Tintin',
  'Migo',
  'Isabel',
  'Miguel',
  'Andres',
  'Luz',
  'Cora',
  'Dante',
  'Elmer',
  'Fe',
  'Gina',
  'Hector',
  'Ines',
  'Jaime',
  'Kiko',
  'Lani',
  'Mina',
]

export const SURNAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'dela Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Aguilar',
  'Marquez',
  'Soriano',
  'Panganiban',
  'Manalo',
  'Magbanua',
  'Dimaculangan',
  'Sto. Domingo',
  'de los Santos',
  'dela Rosa',
  'del Rosario',
  'de Guzman',
  'Sy',
  'Uy',
  'Go',
  'Tan',
  'Lim',
  'Ong',
  'Yap',
  'Peña',
  'Ilagan',
  'Lacson',
  'Macapagal',
  'Pangilinan',
  'Quizon',
  'Roxas',
  'Sison',
  'Tolentino',
  'Umali',
  'Valdez',
  'Zamora',
  'Abad',
  'Belmonte',
  'Cabrera',
  'Dizon',
  'Estrada',
  'Fajardo',
  'Gatchalian',
  'Hernandez',
  'Ignacio',
  'Javier',
  'Katigbak',
  'Legaspi',
  'Manansala',
  'Natividad',
  'Ortega',
  'Pascual',
  'Quiambao',
  'Rosales',
  'Samonte',
  'Tuazon',
  'Ventura',
  'Yulo',
  'Zulueta',
  'Alcantara',
  'Buenaventura',
  'Concepcion',
  'Domingo',
  'Evangelista',
  'Francisco',
  'Gonzales',
  'Herrera',
  'Jimenez',
  'Lopez',
  'Morales',
  'Nepomuceno',
  'Padilla',
  'Quintos',
  'Robles',
  'Salvador',
  'Trinidad',
  'Velasco',
  'Agustin',
  'Bernardo',
  'Cortez',
  'Dela Paz',
  'Enriquez',
  'Fernandez',
  'Gregorio',
  'Hidalgo',
  'Ilustre',
  'Jacinto',
  'Laurel',
  'Mabini',
  'Nolasco',
  'Osmeña',
  'Perez',
  'Rizal',
  'Santiago',
  'Tiongson',
  'Vergara',
  'Villareal',
  'Yabut',
  'Zialcita',
  'Sta. Maria',
  'Sto. Tomas',
]

const SUFFIXES = ['Jr.', 'Sr.', 'III']

export interface FixturePerson {
  firstName: string
  lastName: string
  suffix: string | null
  type: 'adult' | 'child'
}

/** A small deterministic pseudo-random generator (mulberry32), so every run has the same list. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Households of the given sizes, each sharing a surname, every full name unique. With more
 * persons than first × last names allow, first names get a second given name ("Maria Ana").
 */
export function guestList(sizes: number[], seed = 17): FixturePerson[][] {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const used = new Set<string>()
  return sizes.map((size) => {
    const lastName = pick(SURNAMES)
    return Array.from({ length: size }, (_, index) => {
      for (;;) {
        let firstName = pick(FIRST_NAMES)
        if (used.size > 2000 || next() < 0.08) firstName = `${firstName} ${pick(FIRST_NAMES)}`
        const suffix = index === 0 && next() < 0.06 ? pick(SUFFIXES) : null
        const key = `${firstName}|${lastName}|${suffix ?? ''}`.toLowerCase()
        if (used.has(key)) continue
        used.add(key)
        return {
          firstName,
          lastName,
          suffix,
          type: index >= 2 && next() < 0.5 ? 'child' : 'adult',
        } as const
      }
    })
  })
}

/** The wedding: 300 guests in 152 households (41 of one, 82 of two, 21 of three, 8 of four). */
export function harvestGuestList() {
  const sizes = [
    ...Array(41).fill(1),
    ...Array(82).fill(2),
    ...Array(21).fill(3),
    ...Array(8).fill(4),
  ]
  return guestList(sizes)
}

/** SQL inserting these households into a wedding as the database owner (fast, for big lists). */
export function insertGuestListSql(
  weddingId: string,
  userId: string,
  households: FixturePerson[][],
) {
  const quote = (value: string | null) =>
    value === null ? 'null' : `'${value.replace(/'/g, "''")}'`
  const guests: string[] = []
  const persons: string[] = []
  households.forEach((household, h) => {
    // Derived from the wedding, so two generated weddings in one database never share an id.
    const householdId = `${weddingId.slice(0, 8)}-0000-4000-a000-${String(h + 1).padStart(12, '0')}`
    guests.push(`('${householdId}', '${userId}', '${weddingId}')`)
    household.forEach((person, index) => {
      persons.push(
        `('${userId}', '${weddingId}', '${householdId}', ${quote(person.firstName)}, ${quote(person.lastName)}, ${quote(person.suffix)}, '${person.type}', ${index})`,
      )
    })
  })
  return `
    insert into kasalan.households (id, user_id, wedding_id) values ${guests.join(',\n')};
    insert into kasalan.persons (user_id, wedding_id, household_id, first_name, last_name, suffix, type, position)
    values ${persons.join(',\n')};`
}

/** Every query of the harvest: all 3-letter prefixes and punctuation forms (19,682 calls). */
export function harvestQueries(): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('')
  const queries: string[] = []
  for (const a of letters) for (const b of letters) for (const c of letters) queries.push(a + b + c)
  for (const a of letters) {
    for (const b of letters) queries.push(`${a}.${b}`, `${a} ${b}`, `${a}${b}%`)
    queries.push(`${a}..`, `${a}--`, `%%${a}`)
  }
  return queries
}
