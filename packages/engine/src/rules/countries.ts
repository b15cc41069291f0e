// One data table on purpose, past the usual file size: one line per country, one list for
// the whole tree.
// The countries a Country Blocker rule may name: ISO 3166-1 alpha-2 officially assigned codes,
// plus XK (Kosovo, user-assigned but used by the geo data and by Shopify), each with its
// English name and continent (GeoNames' seven-continent grouping, which the Country Blocker's
// "select by continent" checkboxes follow). The engine checks rules against it; the admin
// shows its names. One line per country: "<code> <name>".
export const continents = [
  { code: 'AF', name: 'Africa' },
  { code: 'AN', name: 'Antarctica' },
  { code: 'AS', name: 'Asia' },
  { code: 'EU', name: 'Europe' },
  { code: 'NA', name: 'North America' },
  { code: 'OC', name: 'Oceania' },
  { code: 'SA', name: 'South America' },
] as const;
export type ContinentCode = (typeof continents)[number]['code'];

export interface Country {
  code: string;
  name: string;
  continent: ContinentCode;
}

const byContinent: Record<ContinentCode, string> = {
  AF: `
DZ Algeria
AO Angola
BJ Benin
BW Botswana
BF Burkina Faso
BI Burundi
CV Cabo Verde
CM Cameroon
CF Central African Republic
TD Chad
KM Comoros
CG Congo
CD Congo (DR)
CI Côte d'Ivoire
DJ Djibouti
EG Egypt
GQ Equatorial Guinea
ER Eritrea
SZ Eswatini
ET Ethiopia
GA Gabon
GM Gambia
GH Ghana
GN Guinea
GW Guinea-Bissau
KE Kenya
LS Lesotho
LR Liberia
LY Libya
MG Madagascar
MW Malawi
ML Mali
MR Mauritania
MU Mauritius
YT Mayotte
MA Morocco
MZ Mozambique
NA Namibia
NE Niger
NG Nigeria
RE Réunion
RW Rwanda
SH Saint Helena, Ascension and Tristan da Cunha
ST São Tomé and Príncipe
SN Senegal
SC Seychelles
SL Sierra Leone
SO Somalia
ZA South Africa
SS South Sudan
SD Sudan
TZ Tanzania
TG Togo
TN Tunisia
UG Uganda
EH Western Sahara
ZM Zambia
ZW Zimbabwe`,
  AN: `
AQ Antarctica
BV Bouvet Island
TF French Southern Territories
HM Heard Island and McDonald Islands
GS South Georgia and the South Sandwich Islands`,
  AS: `
AF Afghanistan
AM Armenia
AZ Azerbaijan
BH Bahrain
BD Bangladesh
BT Bhutan
IO British Indian Ocean Territory
BN Brunei
KH Cambodia
CN China
CX Christmas Island
CC Cocos (Keeling) Islands
CY Cyprus
GE Georgia
HK Hong Kong
IN India
ID Indonesia
IR Iran
IQ Iraq
IL Israel
JP Japan
JO Jordan
KZ Kazakhstan
KW Kuwait
KG Kyrgyzstan
LA Laos
LB Lebanon
MO Macao
MY Malaysia
MV Maldives
MN Mongolia
MM Myanmar
NP Nepal
KP North Korea
OM Oman
PK Pakistan
PS Palestine
PH Philippines
QA Qatar
SA Saudi Arabia
SG Singapore
KR South Korea
LK Sri Lanka
SY Syria
TW Taiwan
TJ Tajikistan
TH Thailand
TL Timor-Leste
TR Türkiye
TM Turkmenistan
AE United Arab Emirates
UZ Uzbekistan
VN Vietnam
YE Yemen`,
  EU: `
AX Åland Islands
AL Albania
AD Andorra
AT Austria
BY Belarus
BE Belgium
BA Bosnia and Herzegovina
BG Bulgaria
HR Croatia
CZ Czechia
DK Denmark
EE Estonia
FO Faroe Islands
FI Finland
FR France
DE Germany
GI Gibraltar
GR Greece
GG Guernsey
HU Hungary
IS Iceland
IE Ireland
IM Isle of Man
IT Italy
JE Jersey
XK Kosovo
LV Latvia
LI Liechtenstein
LT Lithuania
LU Luxembourg
MT Malta
MD Moldova
MC Monaco
ME Montenegro
NL Netherlands
MK North Macedonia
NO Norway
PL Poland
PT Portugal
RO Romania
RU Russia
SM San Marino
RS Serbia
SK Slovakia
SI Slovenia
ES Spain
SJ Svalbard and Jan Mayen
SE Sweden
CH Switzerland
UA Ukraine
GB United Kingdom
VA Vatican City`,
  NA: `
AI Anguilla
AG Antigua and Barbuda
AW Aruba
BS Bahamas
BB Barbados
BZ Belize
BM Bermuda
BQ Bonaire, Sint Eustatius and Saba
VG British Virgin Islands
CA Canada
KY Cayman Islands
CR Costa Rica
CU Cuba
CW Curaçao
DM Dominica
DO Dominican Republic
SV El Salvador
GL Greenland
GD Grenada
GP Guadeloupe
GT Guatemala
HT Haiti
HN Honduras
JM Jamaica
MQ Martinique
MX Mexico
MS Montserrat
NI Nicaragua
PA Panama
PR Puerto Rico
BL Saint Barthélemy
KN Saint Kitts and Nevis
LC Saint Lucia
MF Saint Martin (French part)
PM Saint Pierre and Miquelon
VC Saint Vincent and the Grenadines
SX Sint Maarten (Dutch part)
TT Trinidad and Tobago
TC Turks and Caicos Islands
US United States
UM United States Minor Outlying Islands
VI U.S. Virgin Islands`,
  OC: `
AS American Samoa
AU Australia
CK Cook Islands
FJ Fiji
PF French Polynesia
GU Guam
KI Kiribati
MH Marshall Islands
FM Micronesia
NR Nauru
NC New Caledonia
NZ New Zealand
NU Niue
NF Norfolk Island
MP Northern Mariana Islands
PW Palau
PG Papua New Guinea
PN Pitcairn
WS Samoa
SB Solomon Islands
TK Tokelau
TO Tonga
TV Tuvalu
VU Vanuatu
WF Wallis and Futuna`,
  SA: `
AR Argentina
BO Bolivia
BR Brazil
CL Chile
CO Colombia
EC Ecuador
FK Falkland Islands
GF French Guiana
GY Guyana
PY Paraguay
PE Peru
SR Suriname
UY Uruguay
VE Venezuela`,
};

/** Every country, sorted by English name. */
export const countries: readonly Country[] = continents
  .flatMap(({ code: continent }) =>
    byContinent[continent]
      .trim()
      .split('\n')
      .map((line) => ({ code: line.slice(0, 2), name: line.slice(3), continent })),
  )
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(countries.map((country) => [country.code, country]));

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

/** The English name, or the code itself for a code this list does not know. */
export function countryName(code: string): string {
  return countryByCode(code)?.name ?? code.toUpperCase();
}
