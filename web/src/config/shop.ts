// The shop's own details, shown in the footer and on the contact page.
export const shop = {
  name: 'Shop',
  phone: '+44 20 7946 0958',
  email: 'help@shop.example',
  /** When the phone lines are answered (the owner sets these). */
  openingHours: [
    { days: 'Monday to Friday', hours: '8:00 am – 6:00 pm' },
    { days: 'Saturday', hours: '9:00 am – 4:00 pm' },
    { days: 'Sunday and bank holidays', hours: 'Closed' },
  ],
} as const;
