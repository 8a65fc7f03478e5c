import { LoginPassword, RequiredEmail } from './account-fields';

export class LoginDto {
  @RequiredEmail()
  email!: string;

  @LoginPassword()
  password!: string;
}
