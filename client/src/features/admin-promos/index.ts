// "Promociones": the promo codes page's public surface (the promociones route).
export { PromoCodesEditor } from './components/promo-codes-editor';
