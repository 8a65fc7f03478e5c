// Placeholder runner for benchmark commands whose issues have not landed yet.
const [name] = process.argv.slice(2);
const arrives = { bench: 'the booking issue (get-information under load)', lighthouse: 'the public-site issue' };
console.log(`npm run ${name}: not yet — it arrives with ${arrives[name] ?? 'a later issue'}.`);
