// Deterministic data for stories only (not exported from the package): fixed dates, no randomness,
// and images as inline SVG so nothing is fetched.

export function foodImage(from: string, to: string): string {
  return (
    'data:image/svg+xml;utf8,' +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
        `<rect width="400" height="300" fill="url(#g)"/>` +
        `<circle cx="200" cy="160" r="90" fill="#fff" fill-opacity="0.85"/>` +
        `<circle cx="200" cy="160" r="60" fill="${to}" fill-opacity="0.6"/>` +
        `</svg>`,
    )
  );
}

export const FIXED_DATE = '2025-03-14T09:30:00Z';

export const RECIPES = [
  {
    id: 1,
    title: 'Mango Lassi',
    imageSrc: foodImage('#fbbf24', '#d97706'),
    categories: ['Breakfast', 'Drinks'],
    author: 'Ayesha Rahman',
    sharedOn: '2025-03-14T09:30:00Z',
  },
  {
    id: 2,
    title: 'Chicken Biryani',
    imageSrc: foodImage('#fb923c', '#9a3412'),
    categories: ['Dinner'],
    author: 'Karim Hossain',
    sharedOn: '2025-02-02T12:00:00Z',
  },
  {
    id: 3,
    title: 'Lentil Soup',
    imageSrc: foodImage('#a3e635', '#4d7c0f'),
    categories: [],
    author: null,
    sharedOn: '2025-01-20T18:45:00Z',
  },
  {
    id: 4,
    title: 'Chocolate Lava Cake',
    imageSrc: foodImage('#a16207', '#451a03'),
    categories: ['Desserts'],
    author: 'Nadia Islam',
    sharedOn: '2024-12-24T16:10:00Z',
  },
  {
    id: 5,
    title: 'Garden Salad',
    imageSrc: foodImage('#86efac', '#15803d'),
    categories: ['Lunch', 'Vegetarian'],
    author: 'Omar Faruk',
    sharedOn: '2024-11-05T08:00:00Z',
  },
];
