/**
 * Passwords people choose most often (the top of the public lists of leaked passwords, and Spanish
 * and Mexican ones: "contraseña", "mexico123", "teamo123", team names, the studio's own words),
 * lower case, separated by white space. Only those of 8 characters or more: shorter ones are
 * refused anyway. Checked without regard to case (password-policy.ts).
 */
export const COMMON_PASSWORDS_TEXT = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word passwort
motdepasse 12345678 123456789 1234567890 0123456789 01234567 012345678 11111111 111111111
1111111111 00000000 000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888
99999999 12121212 11223344 12344321 12341234 87654321 987654321 98765432 123123123 123321123
147258369 147852369 159753456 159357456 123654789 789456123 741852963 963852741 258456789 456789123
11112222 12312312 1234567a 1234567q 12345678a 123456789a 1234567890a a1234567 a12345678 aa123456
aaaaaaaa abcd1234 abc12345 abc123456 abcdefgh abcdefg1 abcd12345 1234abcd 123abc123 abc123abc
qwertyuiop qwerty12 qwerty123 qwerty1234 qwerty12345 qwertyui qwertyu1 qwer1234 1234qwer asdf1234
asdfghjk asdfghjkl asdfasdf zxcvbnm1 zxcvbnmm 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5
1qaz2wsx 1qaz2wsx3edc zaq12wsx 12qwaszx qazwsxedc qweasdzxc 123qweasd qwe123qwe qweqweqwe iloveyou
iloveyou1 iloveyou2 sunshine sunshine1 princess princess1 football football1 baseball baseball1
superman superman1 starwars trustno1 welcome1 welcome123 letmein1 letmein123 whatever computer
internet michelle jennifer jordan23 charlie1 michael1 jessica1 ashley123 butterfly chocolate
pokemon123 minecraft loveyou1 lovelove babygirl liverpool chelsea1 arsenal1 manchester barcelona
realmadrid cristiano ronaldo7 messi1010 blink182 samsung1 iphone123 google123 facebook instagram
whatsapp youtube1 netflix1 master123 admin123 admin1234 administrator changeme default1 secret123
dragon123 monkey123 shadow123 football123 baseball123 soccer123 hello123 hello1234 helloworld
freedom1 batman123 spiderman starwars1 pokemon1 naruto123 dragonball goodluck1 happy123 lovely123
angel123 contraseña contrasena contraseña1 contrasena1 contraseña12 contrasena12 contraseña123
contrasena123 micontraseña micontrasena nuevacontraseña nuevacontrasena clave123 clave1234
miclave123 miclave1234 claveclave clavesecreta secreto1 secreto123 cambiame cambiame1 cambiar123
usuario1 usuario123 administrador admin12345 mexico123 mexico1234 mexico12345 mexico2020 mexico2021
mexico2022 mexico2023 mexico2024 mexico2025 mexico2026 mexico10 mexicomexico vivamexico vivamexico1
mexicolindo mexicano1 mexicana1 teamo123 teamo1234 teamomucho tequiero tequiero1 tequiero123
tequieromucho amorcito amorcito1 amorcito123 miamor123 miamor1234 mivida123 corazon1 corazon123
princesa princesa1 princesa123 chiquita chiquito chiquita1 bonita123 hermosa1 guapa123 guadalupe
guadalupe1 lupita123 lupita1234 virgendeguadalupe jesucristo jesus123 jesus1234 diosteama
diosesamor diosesbueno diosmio123 diosesfiel familia1 familia123 mifamilia mifamilia1 hola1234
hola12345 holahola holamundo cruzazul cruzazul1 americaaguilas aguilas1 america1 america10
americano chivas123 chivas10 chivasrayadas pumasunam pumas123 tigres123 rayados1 monterrey
guadalajara toluca123 metepec1 metepec123 pilates1 pilates12 pilates123 pilates1234 pilates2024
pilates2025 pilates2026 pilatesreformer reformer reformer1 reformer123 yoga1234 gimnasio ejercicio
estudio123 bienvenido bienvenida bienvenido1 bienvenida1 mariposa mariposa1 estrella estrella1
angelito angelita chocolate1 futbol123 futbolista barcelona1 madrid123 tequila1 aguacate alejandro
alejandra fernanda gabriela valentina daniela1 mariana1 carolina jimena123 fernando guillermo
francisco ricardo1 eduardo1 sebastian santiago leonardo jonathan cristina veronica patricia
margarita rosario1 abcdefghij 1234567890mx qwertyñ1 asdfghjklñ
`;
