"""Requests of the thirty-first round."""

from __future__ import annotations

from planning_support import drug, plan_with

from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"


def test_requests_in_icelandic_estonian_nepali_and_yoruba() -> None:
    """Four more languages the labs write in, read only in a message written in them (no benchmark message in another
    language reads differently); Icelandic and Estonian decline drug names ("warfaríni", "imatiniibiga") and Estonian
    puts a case ending after a hyphen ("EGFR-iga": with EGFR)."""
    icelandic = in_english("Sæl! Hversu leysanlegt er warfaríni í vatni?")
    assert "how soluble is warfarin in water" in icelandic
    estonian = in_english("Palun ennusta tsisplatiini ja imatiniibiga lahustuvus vees. Kas see seondub EGFR-iga?")
    assert "cisplatin and imatinib aqueous solubility" in estonian and "binds EGFR ?" in estonian
    assert "please check" in in_english("yo molecule ko solubility kati cha? kripaya herdinus")
    assert "aspirin and caffeine" in in_english("Ẹ jọ̀ọ́, check the BBB for aspirin àti caffeine, abi?")
    # other languages' messages are read as before: Italian "E se" is no Yoruba thanks, Hindi "ho" no Nepali
    assert in_english("E se trocar a amiodarona por dronedarona?").startswith("E se")
    assert "HO keh raha" in in_english("HO keh raha hai domperidone de do, ho gaye")
    [call] = plan_with("Vinsamlegast: hversu leysanlegt er íbúprófen?", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("ibuprofen")],
                                                        "property": "logSolubility"}
