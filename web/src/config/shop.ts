// The shop's own details, shown in the footer and on the contact page.
export const shop = {
  name: 'Shop',
  phone: '+44 20 7946 0958',
  email: 'help@shop.example',
} as const;
