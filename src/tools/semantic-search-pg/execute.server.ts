// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { semanticSearchPg } from "./definition";

export const execute = notAvailableYet(semanticSearchPg);
