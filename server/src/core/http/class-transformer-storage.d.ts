// class-transformer's metadata registry: its package ships the module (cjs/storage.js) and the
// types (types/storage.d.ts) under different paths.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
