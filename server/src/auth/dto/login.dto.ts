import { RequiredEmail, RequiredPassword } from './account-fields';

export class LoginDto {
  @RequiredEmail()
  email!: string;

  @RequiredPassword(6)
  password!: string;
}
