// Gift cards ("Tarjeta de regalo"): buying, the printable card, the balance in Mis planes, the admins' page.
export { BuyGiftCard } from './components/buy-gift-card';
export { GiftCardView } from './components/gift-card-view';
export { GiftBalance } from './components/gift-balance';
export { AdminGiftCards } from './components/admin-gift-cards';
export { giftOrderErrors, type GiftOrderForm } from './format';
export { GiftRecipientFields } from './components/gift-recipient-fields';
