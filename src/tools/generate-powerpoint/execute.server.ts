// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { generatePowerpoint } from "./definition";

export const execute = notAvailableYet(generatePowerpoint);
